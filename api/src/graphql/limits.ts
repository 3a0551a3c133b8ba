import { GraphQLError, Kind, type ASTVisitor, type ValidationContext, type SelectionSetNode, type FragmentDefinitionNode } from 'graphql';

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
