/**
 * The media library (docs/behaviour.md#media-library): every picture under `/uploads/`, with where it is used.
 */

/** What can use a picture: a case, an article, a menu (its picture or background), or a site block. */
export type MediaUseKind = 'case' | 'news' | 'menu' | 'block';

/** One place a picture is used. */
export interface MediaUse {
  kind: MediaUseKind;
  /** The case's, article's or menu's id; 0 for a site block. */
  id: number;
  /** The case's name, the article's title, the menu's name, or the block's screen (`首页设置`…). */
  title: string;
  /** The item is in the recycle bin (it still counts: restoring it would bring the picture back). */
  trashed: boolean;
}

/** A picture of the library, as the back office lists it. */
export interface MediaItem {
  id: number;
  /** `/uploads/…`, the address the content holds. */
  url: string;
  /** The file name it was uploaded with (the stored name stays the server's). */
  name: string;
  bytes: number;
  width: number;
  /** For an animation, the height of one frame. */
  height: number;
  /** `yyyy-MM-dd HH:mm`, UTC+8. */
  create_time: string;
  /** A drawing of the demo content: it comes with the site and cannot be deleted. */
  demo: boolean;
  uses: MediaUse[];
}

/** The library's filter: everything, used or unused pictures, or those one kind of content uses. */
export type MediaUsage = 'all' | 'used' | 'unused' | MediaUseKind;

export interface MediaListRequest {
  page?: number;
  /** Literal substring of the file name. */
  search?: string;
  /** Absent: all. */
  usage?: MediaUsage;
}
