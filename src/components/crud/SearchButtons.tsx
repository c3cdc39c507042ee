import { Button, Form, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/** Search and reset of a list's filter form; reset clears every filter and searches again. */
export function SearchButtons({ form }: { form?: FormInstance }) {
  const { t } = useTranslation();
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
        <Button
          onClick={() => {
            form?.resetFields();
            form?.submit();
          }}
        >
          {t('common.reset')}
        </Button>
      </Space>
    </Form.Item>
  );
}
