import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, DatePicker, Input, Segmented, Select, Space, Table, Typography } from 'antd';
import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useInvalidate, useList, useUpdate, type BaseRecord, type CrudFilter, type GetListResponse, type HttpError } from '@refinedev/core';
import { Calendar, dayjsLocalizer, type EventProps, type SlotInfo } from 'react-big-calendar';
import * as dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import './appointmentBoard.css';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import updateLocale from 'dayjs/plugin/updateLocale';
import { useTranslation } from 'react-i18next';
import {
  APPOINTMENT_STATUSES,
  calendarRows,
  EDITABLE_APPOINTMENT_STATUSES,
  MAX_CALENDAR_PAGE,
  type Appointment,
  type AppointmentCalendar,
  type AppointmentCalendarRow,
  type AppointmentListView,
  type AppointmentStatus,
} from '../../../contract/appointment';
import type { Entitlement } from '../../../contract/entitlement';
import { api, type ApiError } from '../../providers/http';
import { API } from '../../../contract/api';
import { customerOverlaps } from './customerOverlaps';
import { formatDateTime } from '../../components/format';
import { useShopSetup } from './useShopSetup';
import { BookingDialog, type BookingDraft } from './BookingDialog';
import { useSettings } from '../../stores/settings';
import { performsProgramType } from '../../../contract/staff';
import { PROGRAM_TYPES } from '../../../contract/program';
import { AppointmentDrawer } from './AppointmentDrawer';
import { statusColors } from './statusColors';
import { clockOn, fromWallClock, shanghaiHm, shanghaiToday, toWallClock } from './shanghaiClock';
import { APPOINTMENT_STATUS_TONES, StatusTag } from '../../components/statusTag';
import { openableRow, opensOnKey } from '../../components/keyboard/openable';

type View = 'day' | 'week' | 'list';
interface Filters {
  status?: AppointmentStatus;
  staffId?: number;
  programId?: number;
  q?: string;
}
interface CalEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  resourceId: number;
  row: AppointmentCalendarRow;
}
interface StaffColumn {
  id: number;
  title: string;
}

// The calendar's weeks start on Monday, as the shop's (and the week range this board loads) do; the
// localizer reads the first weekday from dayjs's global locale, which is English unless changed.
dayjs.extend(updateLocale);
dayjs.updateLocale('en', { weekStart: 1 });
const localizer = dayjsLocalizer(dayjs);
/**
 * The drag-and-drop addon ships only as CommonJS; depending on the bundler's interop its function is
 * the module's default or that default's default.
 */
type WithDragAndDrop = typeof dragAndDrop.default;
const addon = dragAndDrop.default as WithDragAndDrop | { default: WithDragAndDrop };
const withDragAndDrop: WithDragAndDrop = typeof addon === 'function' ? addon : addon.default;
const DnDCalendar = withDragAndDrop<CalEvent, StaffColumn>(Calendar);
/**
 * The column of bookings no artist has taken yet ("any artist"). Not 0: react-big-calendar files an
 * event whose resource id is falsy under no column, so such bookings would not show.
 */
const UNASSIGNED = -1;
const LIST_PAGE_SIZE = 20;
/** Narrowest readable column of the day (per artist) or week (per day) board, and the time gutter. */
const MIN_COLUMN_PX = 110;
const GUTTER_PX = 60;

/** The calendar answer reaches the board through the data provider as the server sent it: columns, read here into bookings. */
const calendarPage = (answer: GetListResponse<BaseRecord>): GetListResponse<AppointmentCalendarRow> => ({
  ...answer,
  data: calendarRows(answer.data as unknown as AppointmentCalendar),
});

/** Monday 00:00 of the week of `d` (wall clock). */
const weekStart = (d: Date) =>
  dayjs(d)
    .subtract((dayjs(d).day() + 6) % 7, 'day')
    .startOf('day')
    .toDate();

/**
 * The shop's booking board: a day view with a column per active staff member, a week view and a
 * list, sharing the date and the filters. Clicking or dragging over free time books; dragging or
 * stretching a booking reschedules it, and a refusal puts it back with the server's reason.
 * With `entitlement`, a picked slot books that touch-up.
 */
export function AppointmentBoard({ entitlement, onBooked }: { entitlement?: Entitlement | null; onBooked?: () => void }) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const setup = useShopSetup();
  const invalidate = useInvalidate();
  const [view, setView] = useState<View>('day');
  const [date, setDate] = useState<Date>(shanghaiToday);
  const [filters, setFilters] = useState<Filters>({});
  const [draft, setDraft] = useState<BookingDraft | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const board = useRef<HTMLDivElement>(null);
  // react-big-calendar's hours scroll inside their own box and it offers no prop for it: the box takes
  // focus, so a keyboard scrolls it on a day without bookings too (nothing else in it could take focus).
  useEffect(() => board.current?.querySelector('.rbc-time-content')?.setAttribute('tabindex', '0'));
  const [listPage, setListPage] = useState(1);
  const [listRange, setListRange] = useState<[Date, Date] | null>(null);
  /** Where a dragged booking is shown until the server has answered. */
  const [moving, setMoving] = useState<Map<number, { start: Date; end: Date; resourceId: number }>>(new Map());
  const { mutate: update } = useUpdate<Appointment, ApiError>();

  const rangeStart =
    view === 'week' ? weekStart(date) : view === 'list' ? (listRange?.[0] ?? weekStart(date)) : dayjs(date).startOf('day').toDate();
  const rangeEnd =
    view === 'week'
      ? dayjs(rangeStart).add(7, 'day').toDate()
      : view === 'list'
        ? dayjs(listRange?.[1] ?? dayjs(rangeStart).add(6, 'day').toDate())
            .add(1, 'day')
            .toDate()
        : dayjs(rangeStart).add(1, 'day').toDate();

  const shared: CrudFilter[] = [
    { field: 'from', operator: 'eq', value: fromWallClock(rangeStart) },
    { field: 'to', operator: 'eq', value: fromWallClock(rangeEnd) },
    { field: 'status', operator: 'eq', value: filters.status },
    { field: 'staffId', operator: 'eq', value: filters.staffId },
    { field: 'programId', operator: 'eq', value: filters.programId },
    { field: 'q', operator: 'eq', value: filters.q?.trim() || undefined },
  ];
  const isList = view === 'list';
  const sorters = [{ field: 'startAt', order: 'asc' as const }];
  // The calendar reads its whole day or week in one call, only the fields it draws (the drawer reads
  // the rest); the list pages through every field.
  const calendarView: AppointmentListView = 'calendar';
  const { result: calendar, query: calendarQuery } = useList<BaseRecord, HttpError, AppointmentCalendarRow>({
    resource: 'appointments',
    filters: [...shared, { field: '_view', operator: 'eq', value: calendarView }],
    sorters,
    pagination: { currentPage: 1, pageSize: MAX_CALENDAR_PAGE },
    queryOptions: { enabled: !isList, select: calendarPage },
  });
  const { result: listResult, query: listQuery } = useList<Appointment>({
    resource: 'appointments',
    filters: shared,
    sorters,
    pagination: { currentPage: listPage, pageSize: LIST_PAGE_SIZE },
    queryOptions: { enabled: isList },
  });
  const query = isList ? listQuery : calendarQuery;
  const rows = useMemo(() => calendar?.data ?? [], [calendar]);

  const { device, theme } = useSettings();
  const columns: StaffColumn[] = useMemo(() => {
    const booked = new Set(rows.map((r) => r.staffId ?? UNASSIGNED));
    // A column for each artist (a job that performs some program) and for anyone else who has bookings shown.
    const all = [
      { id: UNASSIGNED, title: t('appointment.unassigned') },
      ...setup.staff
        .filter((s) => booked.has(s.id) || PROGRAM_TYPES.some((type) => performsProgramType(s.job, type)))
        .map((s) => ({ id: s.id, title: s.name })),
    ];
    if (device !== 'mobile') return all;
    // A phone shows a column or two: the day opens on the artists who have bookings, the others follow.
    return [...all.filter((c) => booked.has(c.id)), ...all.filter((c) => !booked.has(c.id))];
  }, [setup.staff, t, device, rows]);
  const events: CalEvent[] = useMemo(
    () =>
      rows.map((row) => {
        const moved = moving.get(row.id);
        return {
          id: row.id,
          title: `${row.customerName} · ${row.programName}`,
          start: moved?.start ?? toWallClock(row.start),
          end: moved?.end ?? toWallClock(row.start + row.durationMinutes * 60_000),
          resourceId: moved?.resourceId ?? row.staffId ?? UNASSIGNED,
          row,
        };
      }),
    [rows, moving],
  );

  const refresh = useCallback(() => {
    void invalidate({ resource: 'appointments', invalidates: ['list', 'detail'] });
    void invalidate({ resource: 'entitlements', invalidates: ['list'] });
  }, [invalidate]);

  const reschedule = ({ event, start, end, resourceId }: EventInteractionArgs<CalEvent>) => {
    const s = new Date(start);
    const e = new Date(end);
    const staff = view === 'day' && resourceId !== undefined ? Number(resourceId) : event.resourceId;
    const changes: Record<string, unknown> = {};
    if (s.getTime() !== event.start.getTime()) changes.startAt = fromWallClock(s);
    const minutes = Math.round((e.getTime() - s.getTime()) / 60_000);
    if (minutes !== event.row.durationMinutes) changes.durationMinutes = minutes;
    if (staff !== event.resourceId) changes.staffId = staff === UNASSIGNED ? null : staff;
    if (Object.keys(changes).length === 0) return;
    const move = () => moveTo(event, changes, s, e, staff);
    if (changes.startAt === undefined && changes.durationMinutes === undefined) return move();
    // A new time may put the customer in two chairs at once: the overlapping bookings are shown for a yes.
    void api
      .get<Appointment>(`${API.resourceBase}/appointments/${event.id}`)
      .then((a) => customerOverlaps(a.customerId, fromWallClock(s), fromWallClock(e), event.id))
      .catch(() => [] as Appointment[])
      .then((overlaps) => {
        if (overlaps.length === 0) return move();
        modal.confirm({
          title: t('appointment.overlap.title'),
          content: (
            <>
              <p>{t('appointment.overlap.content')}</p>
              <ul>
                {overlaps.map((r) => (
                  <li key={r.id}>
                    {formatDateTime(r.startAt)}–{shanghaiHm(r.endAt)} {r.programName} · {r.staffName || t('appointment.unassigned')}
                  </li>
                ))}
              </ul>
            </>
          ),
          okText: t('appointment.overlap.move'),
          cancelText: t('common.cancel'),
          onOk: move,
        });
      });
  };

  const moveTo = (event: CalEvent, changes: Record<string, unknown>, s: Date, e: Date, staff: number) => {
    setMoving((m) => new Map(m).set(event.id, { start: s, end: e, resourceId: staff }));
    const settle = () =>
      setMoving((m) => {
        const next = new Map(m);
        next.delete(event.id);
        return next;
      });
    update(
      {
        resource: 'appointments',
        id: event.id,
        values: changes,
        mutationMode: 'pessimistic',
        successNotification: () => ({
          type: 'success',
          message: t('appointment.moved', { time: `${formatDateTime(fromWallClock(s))}–${dayjs(e).format('HH:mm')}` }),
        }),
      },
      // A refusal (409 clash, 40000 outside hours) has been toasted with the server's reason; the booking goes back.
      { onSettled: settle },
    );
  };

  const pickSlot = (slot: SlotInfo) => {
    const minutes = Math.round((new Date(slot.end).getTime() - new Date(slot.start).getTime()) / 60_000);
    setDraft({
      start: new Date(slot.start),
      minutes,
      staffId: slot.resourceId === undefined || Number(slot.resourceId) === UNASSIGNED ? null : Number(slot.resourceId),
      entitlement: entitlement ?? undefined,
    });
  };

  const unit = view === 'day' ? 'day' : 'week';
  const move = (n: number) => setDate((d) => dayjs(d).add(n, unit).toDate());
  const editable = (e: CalEvent) => (EDITABLE_APPOINTMENT_STATUSES as readonly string[]).includes(e.row.status);
  const open = clockOn(date, setup.openTime);
  const close = clockOn(date, setup.closeTime);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          <Button onClick={() => setDate(shanghaiToday())}>{t('appointment.today')}</Button>
          <Button
            icon={<LeftOutlined />}
            aria-label={t('appointment.prev', { unit: t(`appointment.unit.${unit}`) })}
            onClick={() => move(-1)}
          />
          <Button
            icon={<RightOutlined />}
            aria-label={t('appointment.next', { unit: t(`appointment.unit.${unit}`) })}
            onClick={() => move(1)}
          />
          <DatePicker allowClear={false} value={dayjs(date)} onChange={(d) => d && setDate(d.toDate())} />
          <Typography.Text strong data-testid="board-range">
            {view === 'day'
              ? dayjs(date)
                  .locale(i18n.language === 'en-US' ? 'en' : 'zh-cn')
                  .format('YYYY-MM-DD dddd')
              : `${dayjs(rangeStart).format('MM-DD')} ~ ${dayjs(rangeEnd).subtract(1, 'day').format('MM-DD')}`}
          </Typography.Text>
          <Segmented<View>
            value={view}
            onChange={(v) => {
              setView(v);
              setListPage(1);
            }}
            options={(['day', 'week', 'list'] as const).map((v) => ({ value: v, label: t(`appointment.view.${v}`) }))}
          />
        </Space>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDraft({ start: undefined, staffId: null, entitlement: entitlement ?? undefined })}
        >
          {entitlement ? t('appointment.bookTouchUp') : t('appointment.book')}
        </Button>
      </Space>
      <Space wrap>
        <Select<AppointmentStatus>
          allowClear
          style={{ width: 130 }}
          placeholder={t('appointment.filter.status')}
          aria-label={t('common.filterBy', { what: t('appointment.field.status') })}
          value={filters.status}
          onChange={(status) => setFilters((f) => ({ ...f, status }))}
          options={APPOINTMENT_STATUSES.map((s) => ({ value: s, label: t(`appointment.status.${s}`) }))}
        />
        <Select<number>
          allowClear
          style={{ width: 150 }}
          placeholder={t('appointment.filter.staff')}
          aria-label={t('common.filterBy', { what: t('appointment.field.staff') })}
          value={filters.staffId}
          onChange={(staffId) => setFilters((f) => ({ ...f, staffId }))}
          options={setup.staff.map((s) => ({ value: s.id, label: s.name }))}
        />
        <Select<number>
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 160 }}
          placeholder={t('appointment.filter.program')}
          aria-label={t('common.filterBy', { what: t('appointment.field.program') })}
          value={filters.programId}
          onChange={(programId) => setFilters((f) => ({ ...f, programId }))}
          options={setup.programs.map((p) => ({ value: p.id, label: p.name }))}
        />
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('appointment.filter.q')}
          onSearch={(q) => setFilters((f) => ({ ...f, q }))}
        />
        {isList && (
          <DatePicker.RangePicker
            value={listRange ? [dayjs(listRange[0]), dayjs(listRange[1])] : [dayjs(rangeStart), dayjs(rangeEnd).subtract(1, 'day')]}
            onChange={(r) => {
              setListRange(r?.[0] && r[1] ? [r[0].toDate(), r[1].toDate()] : null);
              setListPage(1);
            }}
          />
        )}
      </Space>
      <Space size={4} wrap>
        {APPOINTMENT_STATUSES.map((s) => (
          <StatusTag key={s} tone={APPOINTMENT_STATUS_TONES[s]} solid>
            {t(`appointment.status.${s}`)}
          </StatusTag>
        ))}
      </Space>
      {isList ? (
        <Table<Appointment>
          rowKey="id"
          size="middle"
          scroll={{ x: 'max-content' }}
          loading={listQuery.isFetching}
          dataSource={listResult?.data ?? []}
          locale={{ emptyText: <Typography.Text type="secondary">{t('appointment.list.empty')}</Typography.Text> }}
          onRow={(r) => openableRow(() => setOpenId(r.id))}
          pagination={{
            current: listPage,
            pageSize: LIST_PAGE_SIZE,
            total: listResult?.total ?? 0,
            showSizeChanger: false,
            onChange: setListPage,
            showTotal: (total) => t('common.total', { total }),
          }}
          columns={[
            { title: t('appointment.field.time'), key: 'time', render: (_, r) => `${formatDateTime(r.startAt)}–${shanghaiHm(r.endAt)}` },
            { title: t('appointment.field.customer'), dataIndex: 'customerName' },
            { title: t('appointment.field.customerPhone'), dataIndex: 'customerPhone' },
            { title: t('appointment.field.program'), dataIndex: 'programName' },
            { title: t('appointment.field.staff'), key: 'staff', render: (_, r) => r.staffName || t('appointment.unassigned') },
            { title: t('appointment.field.kind'), key: 'kind', render: (_, r) => t(`appointment.kind.${r.kind}`) },
            {
              title: t('appointment.field.status'),
              key: 'status',
              render: (_, r) => <StatusTag tone={APPOINTMENT_STATUS_TONES[r.status]}>{t(`appointment.status.${r.status}`)}</StatusTag>,
            },
          ]}
        />
      ) : (
        // A column per artist stays readable on a phone: the board scrolls sideways instead of squeezing them.
        <div style={{ overflowX: 'auto' }}>
          <div
            ref={board}
            className="appointment-board"
            style={{
              height: 'calc(100vh - 300px)',
              minHeight: 520,
              minWidth: GUTTER_PX + (view === 'day' ? columns.length : 7) * MIN_COLUMN_PX,
            }}
            data-testid={`board-${view}`}
          >
            <DnDCalendar
              localizer={localizer}
              culture="zh-cn"
              events={events}
              view={view}
              views={['day', 'week']}
              onView={() => {}}
              date={date}
              onNavigate={(d) => setDate(d)}
              toolbar={false}
              step={15}
              timeslots={4}
              min={open}
              max={close}
              scrollToTime={open}
              resources={view === 'day' ? columns : undefined}
              resourceIdAccessor={(r) => r.id}
              resourceTitleAccessor={(r) => r.title}
              resourceAccessor={(e) => e.resourceId}
              selectable
              onSelectSlot={pickSlot}
              onSelectEvent={(e) => setOpenId(e.id)}
              onKeyPressEvent={(e, key) => opensOnKey(key) && setOpenId(e.id)}
              onEventDrop={reschedule}
              onEventResize={reschedule}
              draggableAccessor={editable}
              resizableAccessor={editable}
              eventPropGetter={(e) => ({
                style: {
                  backgroundColor: statusColors(theme, e.row.status).background,
                  color: statusColors(theme, e.row.status).text,
                  borderColor: 'var(--app-surface)',
                },
                className: `appointment-${e.row.status}`,
              })}
              components={{ event: EventBody }}
              formats={{
                timeGutterFormat: 'HH:mm',
                eventTimeRangeFormat: ({ start, end }) => `${dayjs(start).format('HH:mm')}–${dayjs(end).format('HH:mm')}`,
              }}
              messages={{ noEventsInRange: t('appointment.list.empty') }}
            />
          </div>
        </div>
      )}
      {query.isError && <Alert type="error" message={(query.error as ApiError | null)?.message} />}
      <BookingDialog
        draft={draft}
        setup={setup}
        onClose={() => setDraft(null)}
        onBooked={(a) => {
          setDraft(null);
          setDate(dayjs(toWallClock(a.startAt)).startOf('day').toDate());
          refresh();
          onBooked?.();
        }}
      />
      <AppointmentDrawer id={openId} onClose={() => setOpenId(null)} />
    </Space>
  );
}

function EventBody({ event }: EventProps<CalEvent>) {
  const { t } = useTranslation();
  const r = event.row;
  return (
    <div data-testid={`appointment-${r.id}`} title={`${r.customerName} ${r.programName} ${r.staffName}`}>
      <strong>{r.customerName}</strong> {r.programName}
      <div>
        {r.staffName || t('appointment.unassigned')} · {t(`appointment.status.${r.status}`)}
      </div>
    </div>
  );
}
