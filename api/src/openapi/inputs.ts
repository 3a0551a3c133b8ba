import { TransformationType } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage as validationStorage, IS_DATE, MAX, MIN, ValidationTypes } from 'class-validator';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import { getMetadataStorage as graphqlStorage } from 'type-graphql';
import { trimOptional } from '../common/validate';
import type { InputClass } from '../rest/route';
import type { JsonSchema } from './schema';

export const COMPONENT_PREFIX = '#/components/schemas/';

/**
 * The JSON schemas of input classes, generated from the class-validator decorators the services validate
 * with (validateInput), so the reference states the very rules a request is checked against.
 *
 * Each class is converted on its own (targetConstructorToSchema: its own and inherited decorators), not
 * with validationMetadatasToSchemas, which would take every class ever loaded and merge classes sharing a
 * name. Many of these classes are also type-graphql input types: their GraphQL field descriptions are
 * copied onto the properties, and the GraphQL-only decorators add nothing to the schema. Two different
 * classes with the same name are refused, since both would claim one component.
 */
export class InputSchemas {
  private readonly classes = new Map<string, InputClass>();
  private readonly schemas = new Map<string, JsonSchema>();
  /** The classes a request body refers to (and the classes nested in them): the ones published as components. */
  private readonly published = new Set<string>();
  private readonly nestedIn = new Map<string, string[]>();

  /** The component name of a class, converting it (and the classes nested in it) on first use. */
  register(cls: InputClass): string {
    const name = cls.name;
    const known = this.classes.get(name);
    if (known === cls) return name;
    if (known) throw new Error(`Two input classes are named ${name}: the REST reference cannot tell them apart`);
    this.classes.set(name, cls);
    this.schemas.set(name, {}); // claimed before converting, for classes that nest themselves
    this.schemas.set(name, this.convert(cls));
    return name;
  }

  /** The generated schema of a class (query-string classes are read this way, not published). */
  schemaOf(cls: InputClass): JsonSchema {
    return this.schemas.get(this.register(cls))!;
  }

  /** Publishes a class (and those nested in it) as a component; returns its name. */
  publish(cls: InputClass): string {
    const publish = (name: string) => {
      if (this.published.has(name)) return;
      this.published.add(name);
      for (const nested of this.nestedIn.get(name) ?? []) publish(nested);
    };
    const name = this.register(cls);
    publish(name);
    return name;
  }

  components(): Record<string, JsonSchema> {
    return Object.fromEntries([...this.schemas.entries()].filter(([name]) => this.published.has(name)).sort(([a], [b]) => a.localeCompare(b)));
  }

  private convert(cls: InputClass): JsonSchema {
    const schema = targetConstructorToSchema(cls, {
      refPointerPrefix: COMPONENT_PREFIX,
      additionalConverters: {
        // The defaults also say `type: number`, which would override IsInt's `integer` depending on decorator order.
        [MIN]: (meta) => ({ minimum: meta.constraints[0] }),
        [MAX]: (meta) => ({ maximum: meta.constraints[0] }),
        // The services read an ISO date and time (the default offers a date alone as an alternative).
        [IS_DATE]: { type: 'string', format: 'date-time' },
      },
    }) as JsonSchema;
    const properties = schema.properties ?? {};
    for (const meta of validationStorage().getTargetValidationMetadatas(cls as new () => object, '', true, false)) {
      if (meta.type !== ValidationTypes.NESTED_VALIDATION) continue;
      let nested = Reflect.getMetadata('design:type', cls.prototype, meta.propertyName) as InputClass | undefined;
      // A list of nested objects: its element class is the one class-transformer's @Type names.
      if (nested === Array) nested = defaultMetadataStorage.findTypeMetadata(cls, meta.propertyName)?.typeFunction() as InputClass | undefined;
      if (nested && nested !== Object && nested !== Array) this.nestedIn.set(cls.name, [...(this.nestedIn.get(cls.name) ?? []), this.register(nested)]);
    }
    // type-graphql's field descriptions (these classes are GraphQL inputs too) describe the REST fields as well.
    for (const field of graphqlStorage().fields) {
      if (field.description && properties[field.name] && (field.target === cls || cls.prototype instanceof field.target)) {
        const prop = properties[field.name];
        // OpenAPI 3.0 ignores the siblings of a $ref: a described reference is wrapped.
        properties[field.name] = prop.$ref ? { allOf: [prop], description: field.description } : { ...prop, description: field.description };
      }
    }
    // An optional text field read with trimOptional takes '' (or blanks) as 'not given': on a change, the
    // field is left as it is. Its minLength would promise a 400 the server never gives, so it is said instead.
    for (const [name, prop] of Object.entries(properties)) {
      const emptyIsAbsent = defaultMetadataStorage.findTransformMetadatas(cls, name, TransformationType.PLAIN_TO_CLASS).some((t) => t.transformFn === trimOptional);
      if (!emptyIsAbsent || prop.minLength === undefined) continue;
      const { minLength: _minLength, ...rest } = prop;
      properties[name] = { ...rest, description: `${rest.description ? `${rest.description}. ` : ''}Empty or blank counts as not given` };
    }
    return { ...schema, properties, description: schema.description ?? `Validated with ${cls.name} (the same rules GraphQL applies)` };
  }
}
