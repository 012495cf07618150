/** A news article as written in the seed; the category comes from the list it is in. */
export interface NewsDef {
  /** File stem of the cover (`[a-z0-9-]+`). */
  key: string;
  title: string;
  intro: string;
  /** `yyyy-MM-dd`. */
  date: string;
  /** HTML body. */
  content: string;
}
