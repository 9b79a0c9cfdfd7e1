/**
 * Where the server's log lines go, and in which form: a person running `make run` in a terminal reads them
 * pretty-printed (pino-pretty, in a worker thread so the request path never formats); anything else (a pipe, a
 * file, a log collector) gets pino's JSON, one object per line, as before.
 */
export function loggerOptions(level: string, stdoutIsTerminal: boolean) {
  if (!stdoutIsTerminal) return { level }
  return {
    level,
    transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
  }
}
