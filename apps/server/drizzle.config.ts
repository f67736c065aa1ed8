// drizzle-kit: `npm run db:generate -w @duel-dojo/server` writes a migration into drizzle/ from
// the schema's difference to the last one. The server applies them at start (connect.ts).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/adapters/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
