// brackets-manager's storage on our database: its CrudInterface (insert, select, update, delete
// on six tables) over drizzle, the same on PGlite and PostgreSQL. Built on a transaction, it
// makes one manager call atomic: the tournaments store hands one to the module per unit of work.
// Rows are the library's objects as they are (tables/brackets.ts uses its field names); filters
// are equalities on columns, the only kind the library asks for. Rows come back in id order,
// which is insertion order: the library's selectFirst/selectLast rely on it.
import type { CrudInterface, Id, Table } from 'brackets-model';
import { type SQL, and, asc, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './connect';
import { bracketGroups, bracketMatchGames, bracketMatches, bracketParticipants, bracketRounds, bracketStages } from './schema';

type Row = Record<string, unknown>;

const TABLES: Record<Table, PgTable> = {
  participant: bracketParticipants,
  stage: bracketStages,
  group: bracketGroups,
  round: bracketRounds,
  match: bracketMatches,
  match_game: bracketMatchGames,
};

interface BracketTable {
  readonly table: PgTable;
  readonly columns: Readonly<Record<string, PgColumn>>;
  readonly id: PgColumn;
}

const DESCRIPTORS = Object.fromEntries(
  Object.entries(TABLES).map(([name, table]) => {
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    return [name, { table, columns, id: columns.id as PgColumn }];
  }),
) as Record<Table, BracketTable>;

/** Our ids are serial integers; the library may hand one back as text. */
function numericId(id: Id): number | null {
  const value = typeof id === 'number' ? id : Number(id);
  return Number.isSafeInteger(value) ? value : null;
}

/** The columns of `value` this table has, without its id (the database assigns it). */
function columnValues(name: Table, value: object): Row {
  const { columns } = DESCRIPTORS[name];
  const row: Row = {};
  for (const [key, field] of Object.entries(value)) {
    if (key !== 'id' && key in columns && field !== undefined) row[key] = field;
  }
  return row;
}

function whereOf(name: Table, filter: object): SQL | undefined {
  const { columns } = DESCRIPTORS[name];
  const conditions: SQL[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`bracket storage: ${name} has no column ${key}`);
    if (value !== null && typeof value === 'object') throw new Error(`bracket storage: cannot filter ${name} on ${key}`);
    conditions.push(value === null ? isNull(column) : eq(column, key === 'id' ? numericId(value as Id) : value));
  }
  return and(...conditions);
}

/** A CrudInterface on `db`, usually a transaction (`db.transaction(async (tx) => …)`). */
export function createBracketStorage(db: Db): CrudInterface {
  async function selectRows(name: Table, where: SQL | undefined): Promise<Row[]> {
    const { table, id } = DESCRIPTORS[name];
    return (await db.select().from(table).where(where).orderBy(asc(id))) as Row[];
  }

  const storage = {
    async insert(name: Table, value: object | object[]): Promise<Id | boolean> {
      const { table, id } = DESCRIPTORS[name];
      if (Array.isArray(value)) {
        if (value.length > 0) await db.insert(table).values(value.map((item) => columnValues(name, item)));
        return true;
      }
      const [inserted] = await db.insert(table).values(columnValues(name, value)).returning({ id });
      return (inserted?.id as number | undefined) ?? -1;
    },

    async select(name: Table, filter?: Id | object): Promise<Row | Row[] | null> {
      if (filter === undefined) return selectRows(name, undefined);
      if (typeof filter === 'object') return selectRows(name, whereOf(name, filter));
      const id = numericId(filter);
      if (id === null) return null;
      const [row] = await selectRows(name, eq(DESCRIPTORS[name].id, id));
      return row ?? null;
    },

    async update(name: Table, filter: Id | object, value: object): Promise<boolean> {
      const { table, id } = DESCRIPTORS[name];
      const values = columnValues(name, value);
      if (Object.keys(values).length === 0) return true;
      if (typeof filter === 'object') {
        await db.update(table).set(values).where(whereOf(name, filter));
        return true;
      }
      const key = numericId(filter);
      if (key === null) return false;
      const updated = await db.update(table).set(values).where(eq(id, key)).returning({ id });
      return updated.length === 1;
    },

    async delete(name: Table, filter?: object): Promise<boolean> {
      // Emptying a table (the library's import) would erase every tournament's bracket.
      if (filter === undefined || whereOf(name, filter) === undefined) throw new Error(`bracket storage: refusing to empty ${name}`);
      await db.delete(DESCRIPTORS[name].table).where(whereOf(name, filter));
      return true;
    },
  };
  // The library's overloads (one per table and argument kind) are met by these generic bodies.
  return storage as unknown as CrudInterface;
}
