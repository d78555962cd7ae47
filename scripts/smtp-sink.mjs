// A local SMTP server that accepts and counts messages, for bench:mail. Reports its count to the parent.
import { SMTPServer } from 'smtp-server';

let received = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, done) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received++;
      done();
    });
  },
});
sink.listen(Number(process.argv[2]), '127.0.0.1', () => process.send('ready'));
setInterval(() => process.send(received), 250);
