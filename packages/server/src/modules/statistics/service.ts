// Usage statistics for the administrators (and the reports a testbed owes its funders): computed in SQL over
// a date range, each table also exported as CSV.
import { type Statistics, type StatisticsQuery, type StatisticsTable } from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { csvRows } from '../audit/csv.js';
import { isValidTimeZone } from '../reservations/wall-clock.js';
import { computeStatistics } from './repo.js';

export class StatisticsService {
  constructor(private readonly db: Db) {}

  async compute(principal: Principal | null, query: StatisticsQuery): Promise<Statistics> {
    authorize(principal, 'statistics:read');
    if (!isValidTimeZone(query.timeZone)) {
      const message = `timeZone: unknown time zone '${query.timeZone}': give an IANA name such as Europe/Paris.`;
      throw new AppError('validation', message, { fieldErrors: { timeZone: [message] } });
    }
    const from = new Date(query.from);
    const to = new Date(query.to);
    const tables = await computeStatistics(this.db, from, to, query.timeZone);
    return { from: from.toISOString(), to: to.toISOString(), timeZone: query.timeZone, ...tables };
  }

  /** One table as CSV: a header of its column names, then its rows in the order the page shows them. */
  async csv(principal: Principal | null, query: StatisticsQuery, table: StatisticsTable): Promise<string> {
    const statistics = await this.compute(principal, query);
    const rows = statistics[table] as Record<string, string | number | null>[];
    const columns = rows[0] ? Object.keys(rows[0]) : columnsOfEmpty[table];
    return csvRows([columns, ...rows.map((row) => columns.map((column) => row[column]))]);
  }
}

/** Column names of a table with no rows, so that an empty export still says what it would hold. */
const columnsOfEmpty: Record<StatisticsTable, string[]> = {
  deviceHoursByTypeMonth: ['month', 'deviceType', 'bookedHours', 'usedHours'],
  deviceHoursByGroup: ['group', 'bookedHours', 'usedHours'],
  deviceHoursByEmployer: ['employer', 'bookedHours', 'usedHours'],
  activeUsersByMonth: ['month', 'activeUsers'],
  signUpsByMonth: ['month', 'signUps', 'approvals'],
  flashesByTypeMonth: ['month', 'deviceType', 'flashes', 'succeeded', 'successRate'],
  occupancyByHourOfWeek: ['day', 'hour', 'deviceHours'],
};
