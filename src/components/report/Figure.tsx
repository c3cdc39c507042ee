import type { ReactNode } from 'react';
import { Card, Statistic } from 'antd';
import { Link } from 'react-router';
import { formatFen } from '../money';

/** One figure of a report, a link to the page it comes from. */
export function Figure({
  title,
  value,
  fen,
  to,
  extra,
  testId,
}: {
  title: ReactNode;
  value: number;
  fen?: boolean;
  to: string;
  extra?: ReactNode;
  testId: string;
}) {
  return (
    <Link to={to} className="report-figure" data-testid={testId}>
      <Card hoverable size="small">
        <Statistic title={title} value={fen ? formatFen(value) : value} />
        {extra && <div className="report-figure-extra">{extra}</div>}
      </Card>
    </Link>
  );
}
