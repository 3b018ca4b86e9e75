// The state's times in SQL that DuckDB and PostgreSQL both run: columns are TIMESTAMP (UTC, no
// zone), the API speaks epoch milliseconds. (DuckDB's make_timestamp/epoch_ms are not PostgreSQL's,
// and DuckDB cannot multiply an INTERVAL by a BIGINT.)
import { raw, sql, type Fragment } from '../sql/sql.js';

/** A TIMESTAMP of epoch milliseconds, bound as its 'YYYY-MM-DD HH:MM:SS.mmm' text (UTC). */
export const timestampOf = (ms: number): Fragment => sql`${new Date(ms).toISOString().replace('T', ' ').replace('Z', '')}::TIMESTAMP`;

/** A TIMESTAMP column (a constant name of our schema) as BIGINT epoch milliseconds. */
export const epochMsOf = (column: string): Fragment => raw(`(extract(epoch FROM ${column}) * 1000)::BIGINT`);
