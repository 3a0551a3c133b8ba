import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { validationError } from './errors';

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

/**
 * offset/limit of a REST list that takes them from the query string: the defaults when absent, and a
 * VALIDATION error (400) for anything else than whole numbers in range, as the OpenAPI document says.
 */
export function restOffsetLimit(query: Record<string, unknown>, defaultLimit: number, maxLimit: number): { offset: number; limit: number } {
  const read = (name: 'offset' | 'limit', fallback: number, min: number, max: number, message: string) => {
    const raw = query[name];
    if (raw === undefined || raw === '') return fallback;
    const value = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!(value >= min && value <= max)) throw validationError(message, { [name]: message });
    return value;
  };
  return {
    offset: read('offset', 0, 0, 1_000_000_000, 'Offset must be a whole number, 0 or more'),
    limit: read('limit', defaultLimit, 1, maxLimit, `Limit must be 1-${maxLimit}`),
  };
}
