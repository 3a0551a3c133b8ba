import { LANGUAGES } from '../i18n/languages';
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { GraphQLError, Kind, getNullableType, isListType, type ASTNode, type ASTVisitor, type ValidationContext, type SelectionSetNode, type FragmentDefinitionNode } from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';

export const MAX_QUERY_DEPTH = 8;
export const MAX_ALIASES = 30;

/** Rejects documents nested deeper than the schema needs (cyclic abuse). */
export function depthLimit(max = MAX_QUERY_DEPTH) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    const depthOf = (set: SelectionSetNode | undefined, depth: number, seen: Set<string>): number => {
      if (!set) return depth;
      let deepest = depth;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) deepest = Math.max(deepest, depthOf(sel.selectionSet, depth + 1, seen));
        else if (sel.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depthOf(sel.selectionSet, depth, seen));
        else if (sel.kind === Kind.FRAGMENT_SPREAD && !seen.has(sel.name.value)) {
          const frag = fragments.get(sel.name.value);
          if (frag) deepest = Math.max(deepest, depthOf(frag.selectionSet, depth, new Set([...seen, sel.name.value])));
        }
        if (deepest > max) return deepest;
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        if (depthOf(node.selectionSet, 0, new Set()) > max) {
          context.reportError(new GraphQLError(`Query is too deep (at most ${max} levels)`, { nodes: [node], extensions: { code: 'QUERY_TOO_COMPLEX' } }));
        }
      },
    };
  };
}

/** Rejects documents with many aliases: they multiply work (and tries) inside one request. */
export function aliasLimit(max = MAX_ALIASES) {
  return (context: ValidationContext): ASTVisitor => {
    let count = 0;
    return {
      Field(node) {
        if (node.alias && ++count === max + 1) {
          context.reportError(new GraphQLError(`Too many aliases (at most ${max})`, { nodes: [node], extensions: { code: 'QUERY_TOO_COMPLEX' } }));
        }
      },
    };
  };
}

export const MAX_FIELDS = 250;
/** The parser stops here (graphql's parse option); documents of the apps are a few hundred tokens. */
export const MAX_TOKENS = 5_000;
/** One full page (100 events, every field) costs about 2,300; two of them in one request do not fit. */
export const MAX_QUERY_COST = 3_000;
/** What an unpaginated list is assumed to hold when estimating a document's cost. */
export const ASSUMED_LIST_SIZE = 20;

const tooComplex = (message: string, nodes?: readonly ASTNode[]) =>
  new GraphQLError(message, { nodes, extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 } } });

/** Rejects documents that select very many fields (a wide, flat abuse that depth and alias limits miss). */
export function fieldLimit(max = MAX_FIELDS) {
  return (context: ValidationContext): ASTVisitor => {
    let count = 0;
    return {
      Field(node) {
        if (++count === max + 1) context.reportError(tooComplex(`Too many fields (at most ${max} in one request)`, [node]));
      },
    };
  };
}

/**
 * Cost of a field: 1 plus its selection, times the page size for paginated fields (their `limit`
 * argument) and times ASSUMED_LIST_SIZE for other lists; a page's `items` were already counted by its field.
 */
export const listCostEstimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  if (typeof args.limit === 'number') return 1 + Math.max(1, args.limit) * childComplexity;
  const isList = isListType(getNullableType(field.type));
  const pageItems = field.name === 'items' && type.name.endsWith('Page');
  const size = BOUNDED_LISTS[`${type.name}.${field.name}`] ?? BOUNDED_LISTS[field.name] ?? ASSUMED_LIST_SIZE;
  return 1 + (isList && !pageItems ? size : 1) * childComplexity;
};

/**
 * Lists whose length is known or typically small: one entry per language at most (a record's translations, its
 * missing languages); an event's sessions and a person's attendance at them (a course has ten), its questions and
 * a question's choices, an admin's saved question sets. Estimated at 20 each, nested lists of a page of events
 * multiply past the budget although no real answer comes near it.
 */
const BOUNDED_LISTS: Record<string, number> = {
  translations: LANGUAGES.length,
  missingLanguages: LANGUAGES.length,
  sessions: 10,
  mySessionAttendance: 10,
  questions: 5,
  questionDefinitions: 5,
  options: 10,
  questionSets: 5,
  // One person's own registrations ('My events'), unpaginated: a teacher's term holds a handful, not 20 of each.
  'MyEvents.upcoming': 10,
  'MyEvents.past': 10,
  'MyEvents.waiting': 10,
};

/**
 * Rejects an operation whose estimated cost (with its variables, fragments expanded) exceeds the budget,
 * before anything runs. A plugin rather than a validation rule because the cost depends on the variables.
 */
export function costLimitPlugin<T extends BaseContext>(max = MAX_QUERY_COST): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema }) {
          let cost: number;
          try {
            cost = getComplexity({ estimators: [listCostEstimator], schema, query: document, variables: request.variables ?? {}, operationName: request.operationName ?? undefined });
          } catch {
            // Bad variables: execution reports them (BAD_USER_INPUT) with a better message than the estimator.
            return;
          }
          if (cost > max) throw tooComplex(`Query is too expensive (cost ${cost}, at most ${max}); ask for fewer items or fields`);
        },
      };
    },
  };
}
