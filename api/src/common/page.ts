import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';

/**
 * The page-size policy of every list, in one place: GraphQL's default, the documented REST clients'
 * default (they expect whole lists), and the cap both share.
 */
export const PAGE_SIZE = { default: 20, restDefault: 100, max: 500 } as const;
const LIMIT_MESSAGE = `Limit must be 1-${PAGE_SIZE.max}`;

/** offset/limit, validated the same way over GraphQL and REST. */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: 0 })
  @Type(() => Number)
  @IsInt({ message: 'Offset must be a whole number' })
  @Min(0, { message: 'Offset must be 0 or more' })
  offset: number = 0;

  @Field(() => Int, { defaultValue: PAGE_SIZE.default, description: `At most ${PAGE_SIZE.max}` })
  @Type(() => Number)
  @IsInt({ message: 'Limit must be a whole number' })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(PAGE_SIZE.max, { message: LIMIT_MESSAGE })
  limit: number = PAGE_SIZE.default;
}

/** A REST list's paging from its query string: the legacy default when absent. */
export function restPage(query: Record<string, unknown>): { offset: string; limit: string } {
  const pick = (k: string) => (typeof query[k] === 'string' && query[k] !== '' ? (query[k] as string) : undefined);
  return { offset: pick('offset') ?? '0', limit: pick('limit') ?? String(PAGE_SIZE.restDefault) };
}
