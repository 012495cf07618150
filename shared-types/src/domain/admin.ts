import type { CaseClassLink } from './cases.js';
import type { MenuLink } from './menus.js';

/** Admin list answer (spec §3): one page of rows plus the option lists the screen's filters need. */
export interface AdminList<T> {
  list: {
    data: T[];
    current_page: number;
    total: number;
    per_page: number;
    last_page: number;
  };
  menu: MenuLink[];
  classic: CaseClassLink[];
}

export interface AdminListRequest {
  menu?: number;
  page?: number;
  search?: string;
}

export interface LoginRequest {
  email: string;
  /** MD5 hex of the password, computed by the client. */
  password: string;
}

export interface LoginData {
  token: string;
}

export interface ModificationRequest {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

export interface UploadData {
  url: string;
}

/** A message left through the contact form. */
export interface Message {
  id: number;
  name: string;
  phone: string;
  email: string;
  address: string;
  content: string;
  read: boolean;
  create_time: string;
}

export interface LeaveWordRequest {
  name: string;
  phone: string;
  email: string;
  address: string;
  content: string;
}
