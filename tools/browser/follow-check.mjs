// follow-check.mjs: follows pushed messages with the web UI's follow.js, for the server's test
// crates/server/tests/lean_pushes.rs (issue 19 item 5). Reads a file of JSON lines, each
// `{"connection": n, "text": "<a message as sent>"}`, and prints one JSON line per connection:
// `{"connection": n, "streams": {"me": ..., ...}}` with each stream's state at the end; exits
// non-zero when a patch cannot be followed.
import { readFileSync } from 'node:fs';
import { follower } from '../../crates/server/ui/follow.js';

const connections = new Map();
for (const line of readFileSync(process.argv[2], 'utf8').split('\n')) {
  if (!line) continue;
  const { connection, text } = JSON.parse(line);
  if (!connections.has(connection)) connections.set(connection, { follow: follower(), streams: {} });
  const c = connections.get(connection);
  const whole = c.follow.take(JSON.parse(text));
  if (whole == null) {
    console.error(`connection ${connection}: a patch that does not follow: ${text.slice(0, 300)}`);
    process.exit(1);
  }
  if (whole.type !== 'error') c.streams[whole.type] = whole[whole.type];
}
for (const [connection, c] of connections) {
  console.log(JSON.stringify({ connection, streams: c.streams }));
}
