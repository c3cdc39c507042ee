import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppointmentBoard } from './AppointmentBoard';

/** /appointment/new-customer (shop-manager): the current shop's booking board. */
export default function NewCustomerAppointmentsPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('menu.appointment.newCustomer')}>
      <AppointmentBoard />
    </Card>
  );
}
