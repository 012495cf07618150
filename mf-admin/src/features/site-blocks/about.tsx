import { Form, Input } from 'antd';
import { PROCESS_STEPS } from '@site/shared-types';
import formLayout from '../../common/form-layout.module.css';
import { ImageField } from '../../common/image-field';
import { BlockEditor, Section } from './block-editor';
import { ListField } from './list-field';
import { required } from './rules';

function Heading({ path }: { path: 'culture' | 'process' | 'honours' }) {
  return (
    <div className={formLayout.row}>
      <Form.Item label="标题" name={[path, 'title']} rules={[required('请填写标题')]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="简介" name={[path, 'intro']}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={300} />
      </Form.Item>
    </div>
  );
}

/** `about`: the about page's company profile, brand culture, service process and honours, on both sites. */
export function AboutScreen() {
  return (
    <BlockEditor
      name="about"
      title="关于我们"
      intro="“关于我们”页面的公司简介、品牌文化、服务流程与企业荣誉，电脑版和手机版共用。"
    >
      <Section title="公司简介">
        <div className={formLayout.row}>
          <div>
            <Form.Item label="标题" name={['profile', 'title']} rules={[required('请填写标题')]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item label="副标题" name={['profile', 'subtitle']}>
              <Input maxLength={100} />
            </Form.Item>
          </div>
          <Form.Item label="配图" name={['profile', 'img']}>
            <ImageField label="公司简介配图" />
          </Form.Item>
        </div>
        <ListField
          name={['profile', 'paragraphs']}
          label="简介段落"
          max={10}
          addLabel="添加段落"
          blank={() => ''}
          columns={[]}
        >
          {(field, index) => (
            <Form.Item name={field.name} rules={[required('请填写段落内容')]}>
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 8 }}
                maxLength={1000}
                showCount
                aria-label={`简介段落${index + 1}`}
              />
            </Form.Item>
          )}
        </ListField>
      </Section>

      <Section title="品牌文化">
        <Heading path="culture" />
        <ListField
          name={['culture', 'items']}
          label="品牌文化"
          max={6}
          addLabel="添加文化理念"
          blank={() => ({ title: '', intro: '', img: '' })}
        >
          {(field, index) => (
            <div className={formLayout.row}>
              <Form.Item label="配图" name={[field.name, 'img']}>
                <ImageField label={`品牌文化${index + 1}配图`} />
              </Form.Item>
              <div>
                <Form.Item label="名称" name={[field.name, 'title']} rules={[required('请填写名称')]}>
                  <Input maxLength={30} aria-label={`品牌文化${index + 1}名称`} />
                </Form.Item>
                <Form.Item label="说明" name={[field.name, 'intro']}>
                  <Input.TextArea
                    autoSize={{ minRows: 2, maxRows: 6 }}
                    maxLength={300}
                    aria-label={`品牌文化${index + 1}说明`}
                  />
                </Form.Item>
              </div>
            </div>
          )}
        </ListField>
      </Section>

      <Section title="服务流程">
        <Heading path="process" />
        <p className={formLayout.hint}>
          六个步骤及其配色是固定的：{PROCESS_STEPS.map((step) => step.name).join('、')}。
        </p>
      </Section>

      <Section title="企业荣誉">
        <Heading path="honours" />
        <ListField
          name={['honours', 'items']}
          label="荣誉证书"
          max={20}
          addLabel="添加荣誉证书"
          blank={() => ({ img: '', title: '' })}
          tiles
        >
          {(field, index) => (
            <div className={formLayout.row}>
              <Form.Item
                label="证书图片"
                name={[field.name, 'img']}
                rules={[{ required: true, message: '请上传证书图片' }]}
              >
                <ImageField label={`荣誉证书${index + 1}`} />
              </Form.Item>
              <Form.Item label="证书名称" name={[field.name, 'title']} rules={[required('请填写证书名称')]}>
                <Input maxLength={60} aria-label={`荣誉证书${index + 1}名称`} />
              </Form.Item>
            </div>
          )}
        </ListField>
      </Section>
    </BlockEditor>
  );
}
