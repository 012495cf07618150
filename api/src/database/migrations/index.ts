import { InitialSchema1763700000000 } from './1763700000000-initial-schema.js';

/** Every migration, in order. Listed explicitly: TypeORM's glob loading does not suit an ESM build. */
export const migrations = [InitialSchema1763700000000];
