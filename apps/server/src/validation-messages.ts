// zod's mini API carries no wording of its own (every issue it finds reads "Invalid input"): the
// server's refusals name what was expected ("Invalid input: expected string, received undefined"),
// in zod's English wording. Imported, for this effect, by the two places that answer a refused
// input (http/error-handler.ts, socket/handlers/respond.ts); the web app never loads it.
import { z } from 'zod/mini';

z.config(z.locales.en());
