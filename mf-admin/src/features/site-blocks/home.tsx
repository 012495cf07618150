import { Form, Input, Select } from 'antd';
import { HOME_LIMITS } from '@site/shared-types';
import { adminApi } from '../../admin-api';
import formLayout from '../../common/form-layout.module.css';
import list from './list-field.module.css';
import { ImageField } from '../../common/image-field';
import { BlockEditor, numbered, Section } from './block-editor';
import { ListField } from './list-field';
import { linkRule, required } from './rules';

function SectionTexts({ path }: { path: 'success' | 'dynamic' }) {
  return (
    <div className={formLayout.row}>
      <div>
        <Form.Item label="标题" name={[path, 'title']} rules={[required('请填写标题')]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label="简介" name={[path, 'intro']}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={300} />
        </Form.Item>
      </div>
      <Form.Item label="背景图" name={[path, 'background']}>
        <ImageField label={path === 'success' ? '成功案例背景图' : '新闻动态背景图'} />
      </Form.Item>
    </div>
  );
}

function NewsColumn({ column, label }: { column: 'viewpoint' | 'extend'; label: string }) {
  const { data } = adminApi.useNewsQuery({ page: 1 });
  return (
    <div className={formLayout.row}>
      <Form.Item label={`${label}标题`} name={['dynamic', column, 'title']} rules={[required('请填写栏目标题')]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label={`${label}文章分类`} name={['dynamic', column, 'category']} rules={[{ required: true }]}>
        <Select
          aria-label={`${label}文章分类`}
          options={(data?.menu ?? []).map((category) => ({ value: category.id, label: category.name }))}
        />
      </Form.Item>
      <Form.Item label={`${label}“更多”链接`} name={['dynamic', column, 'site']} rules={[linkRule(true)]}>
        <Input maxLength={500} placeholder="/itemnews.html" />
      </Form.Item>
    </div>
  );
}

/** `index`: the home page's sections on both sites (success cases and news themselves come from their lists). */
export function HomeScreen() {
  return (
    <BlockEditor
      name="index"
      title="首页设置"
      intro="首页各板块的标题、简介与背景，四项服务卡片和客户标志墙；成功案例显示置顶及最新的 4 个案例，新闻显示所选分类的最新文章。"
      prepare={(values) => ({ ...values, client: numbered(values.client ?? []) })}
    >
      <Section title="服务卡片">
        <Form.List name="service">
          {(fields) =>
            fields.map((field, index) => (
              <div key={field.key} className={list.listEntry} style={{ marginBottom: 12 }}>
                <div className={list.listEntryBody}>
                  <div className={formLayout.row}>
                    <Form.Item label="图标" name={[field.name, 'img']}>
                      <ImageField label={`服务${index + 1}图标`} />
                    </Form.Item>
                    <div>
                      <Form.Item label="服务名称" name={[field.name, 'name']} rules={[required('请填写服务名称')]}>
                        <Input maxLength={30} aria-label={`服务${index + 1}名称`} />
                      </Form.Item>
                      <Form.Item label="英文名" name={[field.name, 'scene']}>
                        <Input maxLength={60} aria-label={`服务${index + 1}英文名`} />
                      </Form.Item>
                    </div>
                  </div>
                  <Form.Item label="一句话介绍" name={[field.name, 'nature']}>
                    <Input maxLength={100} aria-label={`服务${index + 1}一句话介绍`} />
                  </Form.Item>
                  <div className={formLayout.row}>
                    {[0, 1, 2].map((line) => (
                      <Form.Item
                        key={line}
                        label={`要点${line + 1}`}
                        name={[field.name, 'intro', line]}
                        rules={[required('请填写要点')]}
                      >
                        <Input maxLength={60} aria-label={`服务${index + 1}要点${line + 1}`} />
                      </Form.Item>
                    ))}
                  </div>
                </div>
              </div>
            ))
          }
        </Form.List>
      </Section>

      <Section title="成功案例板块">
        <SectionTexts path="success" />
      </Section>

      <Section title="新闻动态板块">
        <SectionTexts path="dynamic" />
        <NewsColumn column="viewpoint" label="左栏" />
        <NewsColumn column="extend" label="右栏" />
      </Section>

      <Section title={`客户标志墙（首页显示前 ${HOME_LIMITS.clientLogos} 个）`}>
        <ListField
          name="client"
          label="客户标志"
          max={36}
          addLabel="添加客户标志"
          blank={() => ({ id: 0, img: '', name: '' })}
          tiles
        >
          {(field, index) => (
            <div className={formLayout.row}>
              <Form.Item
                label="标志图片"
                name={[field.name, 'img']}
                rules={[{ required: true, message: '请上传标志图片' }]}
              >
                <ImageField label={`客户标志${index + 1}`} />
              </Form.Item>
              <Form.Item label="客户名称" name={[field.name, 'name']}>
                <Input maxLength={50} aria-label={`客户标志${index + 1}名称`} />
              </Form.Item>
            </div>
          )}
        </ListField>
      </Section>
    </BlockEditor>
  );
}
