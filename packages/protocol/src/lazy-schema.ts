/**
 * A schema built the first time anything touches it. zod builds a schema's whole tree when
 * the expression runs, and this package has dozens: built at module evaluation they cost
 * the page's start and every `toolcards tool` run tens of milliseconds, though each
 * consumer parses with a few. The value stands in for the schema in every way a caller
 * can see (property reads, method calls, `instanceof`, `in`, keys), so the export keeps
 * its type and behaviour; only the construction moves to first use.
 *
 * Schemas of a single string, enum or tuple cost microseconds and stay plain.
 */
// Pure for bundlers: the page's bundle drops a schema nothing imports, builder and all.
/* @__NO_SIDE_EFFECTS__ */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  // The target only holds what the proxy invariants require: the non-configurable
  // properties it has reported.
  const standIn = new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key, schema()),
    set: (_target, key, value) => Reflect.set(schema(), key, value, schema()),
    has: (_target, key) => Reflect.has(schema(), key),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      if (descriptor !== undefined && !descriptor.configurable && !Reflect.getOwnPropertyDescriptor(target, key)) {
        Reflect.defineProperty(target, key, descriptor);
      }
      return descriptor;
    },
    defineProperty: (target, key, descriptor) => {
      const defined = Reflect.defineProperty(schema(), key, descriptor);
      if (defined && descriptor.configurable === false) Reflect.defineProperty(target, key, descriptor);
      return defined;
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
    setPrototypeOf: (_target, prototype) => Reflect.setPrototypeOf(schema(), prototype),
  });
  builders.set(standIn, schema);
  return standIn;
}

const builders = new WeakMap<object, () => object>();

/**
 * The schema behind a `lazySchema` (built now), for building another schema from it: a
 * schema that held the stand-in would go through it on every parse (about 8% slower
 * parses of session events). Anything else is returned as it is.
 */
export function inner<T extends object>(schema: T): T {
  const build = builders.get(schema);
  return build === undefined ? schema : (build() as T);
}
