// Removes the API benchmark's databases (about 1 GB once seeded, and the small one beside it).
//
//   npm run api:drop -w @duel-dojo/bench
import { FULL, SMALL, benchDatabase, withClient } from './database';

for (const size of [FULL, SMALL]) {
  const target = benchDatabase(process.env, size);
  await withClient(target.adminUrl, (client) => client.query(`drop database if exists "${target.name}" with (force)`));
  console.log(`dropped database ${target.name} (if it existed)`);
}
