import { CasePinned } from '@site/shared-types';
import type { ImageFn } from '../images/spec.js';
import type { SeedCase } from '../types.js';
import type { CaseDef } from './case-def.js';
import { BRAND_CASES } from './cases-brand.js';
import { MEDIA_CASES } from './cases-media.js';
import { SOFTWARE_CASES } from './cases-software.js';
import { WEB_CASES } from './cases-web.js';
import { h2, html, p, quote, ul } from './html.js';

/** Case lists per service menu (`dict_id`). */
const CASES_BY_SERVICE: readonly { dictId: number; cases: readonly CaseDef[] }[] = [
  { dictId: 3, cases: WEB_CASES },
  { dictId: 4, cases: MEDIA_CASES },
  { dictId: 5, cases: SOFTWARE_CASES },
  { dictId: 6, cases: BRAND_CASES },
];

function caseContent(def: CaseDef): string {
  return html(
    h2('项目背景'),
    p(def.background),
    h2('我们的方案'),
    p(def.solution),
    h2('项目亮点'),
    ul(def.highlights),
    h2('上线成果'),
    p(def.results),
    def.quote ? quote(def.quote) : '',
  );
}

function buildCase(img: ImageFn, def: CaseDef, dictId: number, palette: number): SeedCase {
  const site = `https://www.${def.key}.example.com`;
  return {
    name: def.name,
    intro: def.intro,
    scene: def.scene,
    site,
    img: img(`case-${def.key}-cover`, {
      kind: 'case-cover',
      name: def.name,
      scene: def.scene,
      classId: def.classId,
      palette,
    }),
    code_img: img(`case-${def.key}-qr`, { kind: 'qr', payload: site }),
    banner: [1, 2, 3].map((index) => ({
      url: img(`case-${def.key}-shot-${index}`, {
        kind: 'case-shot',
        name: def.name,
        classId: def.classId,
        index,
        palette,
      }),
    })),
    top: def.pinned ? CasePinned.Pinned : CasePinned.NotPinned,
    dict_id: dictId,
    class_id: def.classId,
    content: caseContent(def),
    create_time: def.date,
  };
}

/** All customer cases, service by service, oldest first within a service. */
export function buildCases(img: ImageFn): SeedCase[] {
  return CASES_BY_SERVICE.flatMap(({ dictId, cases }, serviceIndex) =>
    cases.map((def, index) => buildCase(img, def, dictId, serviceIndex * 3 + index)),
  );
}
