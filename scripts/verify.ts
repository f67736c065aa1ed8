// `npm run verify -- <sessionId> [--api URL]`: replays one finished game's public record and
// exits 0 when it holds, 1 on any mismatch, 2 when it cannot be checked (docs/fairness.md).
import { runVerify } from './verify-game';

process.exitCode = await runVerify(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
