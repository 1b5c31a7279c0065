/** One optional filter: the SQL clause, its parameter name, and the value (undefined = no filter). */
export type Condition = readonly [clause: string, name: string, value: string | undefined];

/**
 * Builds a WHERE clause from the filters that are set. Values are always bound as named
 * parameters, never interpolated into the SQL.
 */
export function whereClause(conditions: readonly Condition[]): {
  sql: string;
  params: Record<string, string>;
} {
  const clauses: string[] = [];
  const params: Record<string, string> = {};
  for (const [clause, name, value] of conditions) {
    if (value === undefined) continue;
    clauses.push(clause);
    params[name] = value;
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}
