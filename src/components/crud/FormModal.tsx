import { Fragment, useId, type ReactNode } from 'react';
import { Modal, type FormProps, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** The parts of refine's useModalForm result this modal needs. */
export interface ModalFormState<T> {
  open: boolean;
  modalProps: ModalProps;
  formProps: FormProps<T>;
}

/**
 * A create or edit modal around a form of refine's useModalForm. `initialValues` (a new record's
 * defaults) sit under what refine loaded for an edit.
 */
export function FormModal<T>({
  modal,
  title,
  width,
  initialValues,
  children,
}: {
  modal: ModalFormState<T>;
  title: string;
  width: number;
  initialValues?: Partial<T>;
  children: (formProps: FormProps<T>) => ReactNode;
}) {
  const { t } = useTranslation();
  // A page keeps its create and edit forms mounted side by side; a form name of its own prefixes each
  // field's id, so every label points at its own input.
  const formName = `form${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  return (
    <Modal {...modal.modalProps} title={title} okText={t('common.save')} cancelText={t('common.cancel')} width={width}>
      {/* refine renders the modal even while hidden, so the form would carry one opening's state (a
          pending upload, a phone being changed) into the next; a new key per opening starts it afresh. */}
      <Fragment key={String(modal.open)}>
        {children({
          ...modal.formProps,
          name: formName,
          initialValues: { ...initialValues, ...modal.formProps.initialValues },
          // A refused save rejects; http.ts has toasted it and refine has put its field errors on the
          // fields, so the modal just stays open instead of leaving an unhandled rejection behind.
          onFinish: (values) => void Promise.resolve(modal.formProps.onFinish?.(values)).catch(() => undefined),
        })}
      </Fragment>
    </Modal>
  );
}
