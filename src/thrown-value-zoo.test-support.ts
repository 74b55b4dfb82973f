/**
 * Values a tool, a hook or an authored module can throw that break naive error handling: reading
 * `message`, calling `toString`, even `instanceof` runs code the thrower controls. Each entry is a
 * factory, so every test gets a fresh value (a revoked Proxy cannot be reused, for one).
 */
export const thrownValueZoo: ReadonlyArray<{ name: string; make: () => unknown }> = [
  { name: 'an object without a prototype', make: () => Object.create(null) },
  {
    name: 'an object whose toString throws',
    make: () => ({
      toString() {
        throw new Error('toString exploded');
      },
    }),
  },
  {
    name: 'an object whose toString returns an object',
    make: () => ({ toString: () => ({}), valueOf: () => ({}) }),
  },
  {
    name: 'an object whose Symbol.toPrimitive throws',
    make: () => ({
      [Symbol.toPrimitive]() {
        throw new Error('toPrimitive exploded');
      },
    }),
  },
  {
    name: 'a Proxy whose every trap throws',
    make: () => {
      const trap = () => {
        throw new Error('trap exploded');
      };
      return new Proxy(
        {},
        { get: trap, has: trap, getPrototypeOf: trap, ownKeys: trap, getOwnPropertyDescriptor: trap },
      );
    },
  },
  {
    name: 'a revoked Proxy',
    make: () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    },
  },
  {
    name: 'an Error whose message getter throws',
    make: () => {
      const error = new Error('hidden');
      Object.defineProperty(error, 'message', {
        get() {
          throw new Error('message getter exploded');
        },
      });
      return error;
    },
  },
  {
    name: 'an Error whose name and message getters throw',
    make: () => {
      const error = new TypeError('hidden');
      const explode = {
        get() {
          throw new Error('getter exploded');
        },
      };
      Object.defineProperty(error, 'message', explode);
      Object.defineProperty(error, 'name', explode);
      return error;
    },
  },
  { name: 'a symbol', make: () => Symbol('thrown') },
  { name: 'undefined', make: () => undefined },
  { name: 'null', make: () => null },
  {
    name: 'an object whose toJSON throws and whose toString is missing',
    make: () =>
      Object.assign(Object.create(null), {
        toJSON() {
          throw new Error('toJSON exploded');
        },
      }),
  },
];
