import type { CaseClassId } from '@site/shared-types';

/** A customer case as written in the seed: the list fields plus the parts of its detail body. */
export interface CaseDef {
  /** File stem and site sub-domain (`[a-z0-9-]+`). */
  key: string;
  name: string;
  scene: string;
  intro: string;
  classId: CaseClassId;
  /** `yyyy-MM-dd`. */
  date: string;
  pinned?: boolean;
  /** 项目背景. */
  background: string;
  /** 我们的方案. */
  solution: string;
  /** 项目亮点. */
  highlights: readonly string[];
  /** 上线成果 (may carry `<strong>`). */
  results: string;
  /** A client's word, with its attribution. */
  quote?: string;
}
