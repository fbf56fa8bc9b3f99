import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A minimal SMTP server (RFC 5321 commands nodemailer uses without TLS or auth) that keeps what it
 * receives, so the SMTP mailer is tested over a real socket.
 */
export async function startFakeSmtp(): Promise<{
  url: string;
  received: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 fake-smtp ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index = buffer.indexOf('\r\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 2.0.0 queued\r\n');
          } else {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
        } else {
          const command = line.slice(0, 4).toUpperCase();
          if (command === 'EHLO') socket.write('250-fake-smtp\r\n250 8BITMIME\r\n');
          else if (command === 'HELO') socket.write('250 fake-smtp\r\n');
          else if (command === 'MAIL') {
            mail.from = line.slice(10).trim();
            socket.write('250 2.1.0 ok\r\n');
          } else if (command === 'RCPT') {
            mail.to.push(line.slice(8).trim());
            socket.write('250 2.1.5 ok\r\n');
          } else if (command === 'DATA') {
            inData = true;
            socket.write('354 end with <CRLF>.<CRLF>\r\n');
          } else if (command === 'QUIT') {
            socket.end('221 2.0.0 bye\r\n');
          } else socket.write('250 ok\r\n');
        }
        index = buffer.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
