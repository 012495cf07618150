import type { Rule } from 'antd/es/form';
import { SITE_OR_WEB_URL } from '@site/shared-types';

/** A link field's rule: a path on this site or an http(s) address (the server's rule), empty when allowed. */
export function linkRule(optional = false): Rule {
  return {
    validator: (_, value: string | undefined) =>
      (optional && !value) || SITE_OR_WEB_URL.test(value ?? '')
        ? Promise.resolve()
        : Promise.reject(new Error('请填写以 / 开头的站内地址或 http(s):// 开头的网址')),
  };
}

export const required = (message: string): Rule => ({ required: true, whitespace: true, message });
