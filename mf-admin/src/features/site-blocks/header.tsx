import { Form, Input } from 'antd';
import formLayout from '../../common/form-layout.module.css';
import { ImageField } from '../../common/image-field';
import { BlockEditor, numbered, Section } from './block-editor';
import { ListField } from './list-field';
import { linkRule, required } from './rules';

/** `header`: the logo and the home banner slides of both sites (the navigation comes from 菜单管理). */
export function HeaderScreen() {
  return (
    <BlockEditor
      name="header"
      title="页头设置"
      intro="网站标志与首页轮播图，电脑版和手机版共用；顶部导航栏目请在“菜单管理”中设置。"
      prepare={(values) => ({ ...values, banner: numbered(values.banner ?? []) })}
    >
      <Section title="网站标志">
        <div className={formLayout.row}>
          <Form.Item label="标志图片" name={['logo', 'url']}>
            <ImageField label="标志图片" />
          </Form.Item>
          <Form.Item label="标志说明文字" name={['logo', 'alt']} extra="图片无法显示时代替图片，也供搜索引擎识别">
            <Input maxLength={100} />
          </Form.Item>
        </div>
      </Section>
      <Section title="首页轮播图">
        <ListField
          name="banner"
          label="轮播图"
          max={10}
          addLabel="添加轮播图"
          blank={() => ({ id: 0, pic: '', title: '', link: '' })}
        >
          {(field, index) => (
            <div className={formLayout.row}>
              <Form.Item
                label="图片"
                name={[field.name, 'pic']}
                rules={[{ required: true, message: '请上传轮播图片' }]}
              >
                <ImageField label={`轮播图${index + 1}`} />
              </Form.Item>
              <div>
                <Form.Item label="标题" name={[field.name, 'title']} rules={[required('请填写轮播图标题')]}>
                  <Input maxLength={100} aria-label={`轮播图${index + 1}标题`} />
                </Form.Item>
                <Form.Item label="点击跳转" name={[field.name, 'link']} rules={[linkRule(true)]} extra="留空则不跳转">
                  <Input maxLength={500} placeholder="/items/3.html" aria-label={`轮播图${index + 1}跳转地址`} />
                </Form.Item>
              </div>
            </div>
          )}
        </ListField>
      </Section>
    </BlockEditor>
  );
}
