import { LimitNode, SelectQueryNode, ValueNode } from 'kysely';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * SQLite: a select's whole-number LIMIT is written into the SQL text (`limit 1`) rather than
 * bound as a parameter (`limit ?`). With the limit bound, SQLite as better-sqlite3 builds it
 * (3.53, with STAT4) takes longer over every run of the statement, and the more so the larger
 * the statement: 4 µs more for a look-up by id, 10-15 µs more for the submission's duplicate
 * look-up, measured on this machine (docs/performance.md, "Where a submission's time goes").
 *
 * Only the outermost select's limit, and only a number: every other value stays a parameter,
 * and no query's tree is walked or copied beyond its root. The texts stay few: the limits the
 * server uses are constants (a page size, a batch size, 1), so the statement cache
 * (connection.ts) holds one text per limit.
 */
export class LiteralLimitPlugin implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (!SelectQueryNode.is(node) || node.limit === undefined) return node;
    const { limit } = node.limit;
    if (
      !ValueNode.is(limit) ||
      limit.immediate === true ||
      typeof limit.value !== 'number' ||
      !Number.isSafeInteger(limit.value) ||
      limit.value < 0
    ) {
      return node;
    }
    return { ...node, limit: LimitNode.create(ValueNode.createImmediate(limit.value)) };
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}
