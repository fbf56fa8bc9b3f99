import { io, type Socket } from 'socket.io-client';

/**
 * A socket as the web app opens it (WebSocket only, no reconnection, the session's token), connected before it
 * is returned; `opened`, when given, collects it so the test can disconnect it afterwards.
 */
export async function connectSocket(baseUrl: string, token: string, opened?: Socket[]): Promise<Socket> {
  const socket = io(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  opened?.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
