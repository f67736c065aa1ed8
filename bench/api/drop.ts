// Removes the API benchmark's database (about 1 GB once seeded).
//
//   npm run api:drop -w @duel-dojo/bench
import { benchDatabase, withClient } from './database';

const target = benchDatabase();
await withClient(target.adminUrl, (client) => client.query(`drop database if exists "${target.name}" with (force)`));
console.log(`dropped database ${target.name} (if it existed)`);
