import { createHash } from 'node:crypto';

// Every evaluation set is split in two by a hash of each item's name: the methods are tuned on
// one half and only reported on the other, so a figure on the report half was not fitted to it.

export type THalf = 'tune' | 'report';

export function halfOf(name: string): THalf {
  return (createHash('sha1').update(name).digest()[0] as number) % 2 === 0 ? 'tune' : 'report';
}
