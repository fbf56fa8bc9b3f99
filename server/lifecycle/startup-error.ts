/** A start that cannot proceed: what is wrong and what to do about it. */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly fix: string,
    /** Evidence worth reading, e.g. PostgreSQL's last log lines. */
    readonly details?: string,
  ) {
    super(message);
    this.name = 'StartupError';
  }
}

type SystemError = Error & {
  code?: string;
  syscall?: string;
  path?: string;
  address?: string;
  port?: number;
};

/** Whatever a library threw or rejected with, as words: some reject with `undefined` or a plain string. */
export function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message || thrown.name;
  if (thrown === undefined || thrown === null)
    return 'no reason given (the library that failed did not say why)';
  if (typeof thrown === 'string') return thrown;
  try {
    return JSON.stringify(thrown);
  } catch {
    return String(thrown);
  }
}

/** Turns what stopped a start into a cause and a fix for the person who ran `npm start`. */
export function explainStartupError(thrown: unknown): StartupError {
  if (thrown instanceof StartupError) return thrown;
  const error = withCode(thrown);
  if (!error) return unexpected(thrown);
  const { code } = error;
  if (code === 'EADDRINUSE' && error.syscall === 'listen') {
    return new StartupError(
      `Port ${error.port} is already in use on ${error.address}: another program (perhaps another Gurukul) listens there.`,
      `Stop that program (\`ss -ltnp 'sport = :${error.port}'\` shows which), or start on another port: PORT=${Number(error.port) + 1} npm start`,
    );
  }
  if (code === 'EACCES' && error.syscall === 'listen') {
    return new StartupError(
      `Port ${error.port} needs privileges this user does not have.`,
      'Choose a port above 1023, e.g. PORT=3000 npm start, and put a reverse proxy in front for port 80/443.',
    );
  }
  if ((code === 'EACCES' || code === 'EPERM' || code === 'EROFS') && error.path) {
    return new StartupError(
      `Cannot write ${error.path} (${code}): the data folder is not writable by this user.`,
      `Make DATA_DIR writable (chown -R "$(id -un)" <folder>) or point DATA_DIR at a folder this user owns.`,
    );
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT') {
    const where = error.address
      ? `${error.address}${error.port ? `:${error.port}` : ''}`
      : 'the database host';
    return new StartupError(
      `Cannot reach PostgreSQL at ${where} (${code}).`,
      'Start that PostgreSQL or correct DATABASE_URL; unset DATABASE_URL to use the embedded one in DATA_DIR.',
    );
  }
  if (code === '28P01' || code === '3D000') {
    return new StartupError(
      `PostgreSQL refused the connection: ${error.message}.`,
      'Check the user, password and database name in DATABASE_URL.',
    );
  }
  return unexpected(thrown);
}

const unexpected = (thrown: unknown) =>
  new StartupError(
    `Unexpected failure: ${describeThrown(thrown)}`,
    'This is a bug or an unusual environment: the stack below says where it happened.',
    thrown instanceof Error ? thrown.stack : undefined,
  );

/** The error that carries a system or PostgreSQL code: drizzle wraps the driver's error as `cause`. */
function withCode(thrown: unknown): SystemError | undefined {
  for (let current = thrown, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const candidate = current as SystemError;
    if (candidate.code) return candidate;
    current = current instanceof AggregateError ? current.errors[0] : current.cause;
  }
  return undefined;
}

/** The lines printed when a start fails: cause, fix and evidence, never a bare `undefined`. */
export function formatStartupError(error: StartupError): string {
  const lines = [`[gurukul] Gurukul cannot start: ${error.message}`, `[gurukul] Fix: ${error.fix}`];
  if (error.details) lines.push(error.details.replace(/^/gm, '    '));
  return lines.join('\n');
}
