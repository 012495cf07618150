import { Collapse, Form, Input, Typography } from 'antd';
import { selectMeta, useAppSelector } from '@site/platform';
import {
  normalizeSeoKeywords,
  pageTitle,
  SEO_MAX_LENGTH,
  SEO_RECOMMENDED,
  seoTextWidth,
  splitSeoKeywords,
} from '@site/shared-types';

/** A length hint under a field: what Baidu shows, in the warning colour once the text is longer. */
function Hint({ id, text, over }: { id: string; text: string; over: boolean }) {
  return (
    <Typography.Text type={over ? 'warning' : 'secondary'} data-testid={id} data-over={over}>
      {text}
    </Typography.Text>
  );
}

/**
 * 「SEO 设置」 of a case or an article (docs/behaviour.md#cases-and-articles): the page's own title, keywords and
 * description, each empty by default. The placeholders show what the page gets while a field is empty (the title
 * from the live name field, the site's keywords, the intro or the site's description); the hints say how much of a
 * title and description Baidu shows, never a limit (the server's are `SEO_MAX_LENGTH`). The section starts folded,
 * but its fields are always part of the form, so a save always sends them.
 */
export function SeoFields({ nameField, nameLabel }: { nameField: 'name' | 'title'; nameLabel: string }) {
  const form = Form.useFormInstance();
  const meta = useAppSelector(selectMeta);
  const name = (Form.useWatch(nameField, form) as string | undefined)?.trim();
  const intro = (Form.useWatch('intro', form) as string | undefined)?.trim();
  const title = (Form.useWatch('seo_title', form) as string | undefined) ?? '';
  const keywords = (Form.useWatch('seo_keywords', form) as string | undefined) ?? '';
  const description = (Form.useWatch('seo_description', form) as string | undefined) ?? '';
  const set = Boolean(title.trim() || keywords.trim() || description.trim());

  const titleWidth = seoTextWidth(title.trim());
  const descriptionWidth = seoTextWidth(description.trim());
  const keywordCount = splitSeoKeywords(keywords).length;
  const { titleWidth: titleMax, descriptionWidth: descriptionMax, keywords: keywordRange } = SEO_RECOMMENDED;

  const fields = (
    <>
      <Typography.Paragraph type="secondary">
        留空则使用页面默认值（输入框中的灰色文字）；填写后，前台页面的标题、关键词和描述以这里为准。
      </Typography.Paragraph>
      <Form.Item
        label="SEO标题"
        name="seo_title"
        extra={
          <Hint
            id="seo-title-hint"
            over={titleWidth > titleMax}
            text={`约 ${titleWidth} 个汉字宽 · 百度搜索结果约显示${titleMax}个汉字；填写后即为完整的页面标题，不再加公司名`}
          />
        }
      >
        <Input placeholder={pageTitle(name || nameLabel, meta.title)} maxLength={SEO_MAX_LENGTH.seo_title} showCount />
      </Form.Item>
      <Form.Item
        label="SEO关键词"
        name="seo_keywords"
        extra={
          <Hint
            id="seo-keywords-hint"
            over={keywordCount > keywordRange.max}
            text={`${keywordCount} 个关键词 · 建议${keywordRange.min}–${keywordRange.max}个，用逗号分隔（全角逗号保存时自动转换）`}
          />
        }
      >
        <Input
          placeholder={meta.keywords}
          maxLength={SEO_MAX_LENGTH.seo_keywords}
          showCount
          onBlur={() => form.setFieldValue('seo_keywords', normalizeSeoKeywords(keywords))}
        />
      </Form.Item>
      <Form.Item
        label="SEO描述"
        name="seo_description"
        extra={
          <Hint
            id="seo-description-hint"
            over={descriptionWidth > descriptionMax}
            text={`约 ${descriptionWidth} 个汉字宽 · 百度搜索结果约显示${descriptionMax}个汉字`}
          />
        }
      >
        <Input.TextArea
          placeholder={intro || meta.description}
          autoSize={{ minRows: 2, maxRows: 5 }}
          maxLength={SEO_MAX_LENGTH.seo_description}
          showCount
        />
      </Form.Item>
    </>
  );

  return (
    <Collapse
      size="small"
      style={{ marginBottom: 24 }}
      items={[
        {
          key: 'seo',
          label: 'SEO 设置',
          extra: set ? <Typography.Text type="success">已自定义</Typography.Text> : null,
          // Folded or not, the fields stay in the form (its `preserve={false}` drops unmounted ones).
          forceRender: true,
          children: fields,
        },
      ]}
    />
  );
}
