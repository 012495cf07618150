import { useEffect, useRef } from 'react';
import { Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import {
  isFixedMenu,
  MenuId,
  menuPositionRange,
  type MenuForm,
  type MenuGrade,
  type MenuOption,
} from '@site/shared-types';
import { ImageField } from '../../common/image-field';
import formLayout from '../../common/form-layout.module.css';

export const GRADE_NAMES: Record<MenuGrade, string> = { 1: '一级栏目', 2: '二级栏目', 3: '三级栏目' };

function PositionField({ site, options, id }: { site: 'pc' | 'move'; options: readonly MenuOption[]; id: number }) {
  const form = Form.useFormInstance<MenuForm>();
  const shown = Form.useWatch(site === 'pc' ? 'pcmenu' : 'movemenu', form);
  const grade = Form.useWatch('grade', form);
  const parent = Form.useWatch('menu', form);
  const label = site === 'pc' ? 'PC端' : '移动端';
  const home = id === MenuId.Home;
  const range = menuPositionRange(options, { id, parent: grade === 1 ? null : (parent ?? null) }, site);
  const name = site === 'pc' ? 'pcmenusite' : 'movemenusite';
  // A new menu goes last among the entries beside it. The dialog may open before the menu list has arrived, or
  // the parent may change: a new menu's position that is the last place stays the last place. (antd counts a
  // value set by the form's owner as touched, so "untouched" cannot tell the default from a choice.)
  const lastPlace = useRef(range.max);
  useEffect(() => {
    if (id === 0 && form.getFieldValue(name) === lastPlace.current) form.setFieldValue(name, range.max);
    lastPlace.current = range.max;
  }, [form, id, name, range.max]);
  return (
    <Space align="start" size="large">
      <Form.Item label={`${label}显示`} name={site === 'pc' ? 'pcmenu' : 'movemenu'} valuePropName="checked">
        <Switch checkedChildren="显示" unCheckedChildren="隐藏" aria-label={`${label}显示`} />
      </Form.Item>
      <Form.Item
        label={`${label}位置`}
        name={name}
        extra={home ? '首页固定排在第一位' : shown ? `可选 ${range.min} – ${range.max}` : '隐藏时位置不生效'}
        rules={
          home || !shown
            ? []
            : [
                { required: true, message: `请填写${label}位置` },
                {
                  type: 'number',
                  min: range.min,
                  max: range.max,
                  message: `${label}位置必须在 ${range.min} 到 ${range.max} 之间`,
                },
              ]
        }
      >
        <InputNumber
          min={home ? 1 : range.min}
          max={home ? 1 : range.max}
          precision={0}
          disabled={home || !shown}
          aria-label={`${label}位置`}
        />
      </Form.Item>
    </Space>
  );
}

function ParentField({ options, id }: { options: readonly MenuOption[]; id: number }) {
  const grade = Form.useWatch<MenuGrade | undefined>('grade');
  // docs/behaviour.md#menu-management: the parent menu is asked for only for grade 2 or 3.
  if (grade !== 2 && grade !== 3) return null;
  const parents = options.filter((option) => option.grade === grade - 1 && option.id !== id);
  return (
    <Form.Item
      label="上级栏目"
      name="menu"
      rules={[{ required: true, type: 'number', min: 1, message: '请选择上级栏目' }]}
    >
      <Select
        style={{ width: 240 }}
        placeholder="请选择上级栏目"
        options={parents.map((option) => ({ value: option.id, label: option.name }))}
        showSearch={{ optionFilterProp: 'label' }}
      />
    </Form.Item>
  );
}

/** The menu dialog's fields; `id` is the menu edited (0: a new one). */
export function MenuFields({ options, id }: { options: readonly MenuOption[]; id: number }) {
  return (
    <>
      <Form.Item label="栏目级别" name="grade" rules={[{ required: true }]}>
        <Radio.Group
          disabled={Boolean(id && isFixedMenu(id))}
          options={([1, 2, 3] as const).map((grade) => ({ value: grade, label: GRADE_NAMES[grade] }))}
          optionType="button"
        />
      </Form.Item>
      <ParentField options={options} id={id} />
      <Form.Item
        label="栏目名称"
        name="title"
        rules={[{ required: true, whitespace: true, message: '请填写栏目名称' }]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="栏目简介" name="intro">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
      </Form.Item>
      <div className={formLayout.row}>
        <PositionField site="pc" options={options} id={id} />
        <PositionField site="move" options={options} id={id} />
      </div>
      <Form.Item label="栏目图标" name="img">
        <ImageField label="栏目图标" />
      </Form.Item>
      <Form.Item label="栏目横幅" name="background">
        <ImageField label="栏目横幅" />
      </Form.Item>
    </>
  );
}
