import type { TLedgerEntry } from '@rostrum/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { LoadingState } from '../../components/spinner';
import { Badge } from '../../components/status-badge';
import { Table, type Column } from '../../components/table';
import { formatDate } from '../../components/date-format';
import { useViewer } from '../../app/viewer';
import { formatMoney } from './billing-rules';
import { useLedger, usePrepaidCodes } from './admin-billing.queries';
import './admin-billing.css';

const timeFmt = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const formatTime = (iso: string) => timeFmt.format(new Date(iso));

/** /customer-admin/ledger (issue 17): every payment and redemption, newest first, 100 at a time. */
export function AdminLedgerPage() {
  const { vocab } = useViewer();
  const ledger = useLedger();
  // A prepaid row names its code by id: the masked code comes from the codes list.
  const codes = usePrepaidCodes();
  const masked = new Map((codes.data ?? []).map((c) => [c.codeId, c.maskedCode]));

  if (ledger.isPending) return <LoadingState />;
  const rows = ledger.data?.pages.flat() ?? [];

  // Six columns, two lines each, so the table fits a laptop screen without scrolling sideways.
  const columns: Column<TLedgerEntry>[] = [
    {
      key: 'when',
      header: 'When',
      cell: (r) => (
        <div className="person-cell billing-when">
          <span className="nowrap">{formatDate(r.createdDate)}</span>
          <span className="muted text-sm nowrap">{formatTime(r.createdDate)}</span>
        </div>
      ),
    },
    {
      key: 'who',
      header: 'Who',
      cell: (r) =>
        r.user ? (
          <div className="person-cell">
            <span className="table-strong">{r.user.name}</span>
            <span className="muted text-sm billing-email">{r.user.email}</span>
          </div>
        ) : (
          <span className="muted">Deleted user</span>
        ),
    },
    {
      key: 'what',
      header: `${vocab.Word('group')} and Plan`,
      cell: (r) => (
        <div className="person-cell">
          <span>{r.groupName ?? '—'}</span>
          <span className="muted text-sm">{r.planName ?? '—'}</span>
        </div>
      ),
    },
    {
      key: 'kind',
      header: 'Payment',
      cell: (r) => (
        <div className="status-cell">
          {r.kind === 'card' ? <Badge tone="info">Card</Badge> : <Badge>Prepaid</Badge>}
          <Reference row={r} masked={masked} />
        </div>
      ),
    },
    { key: 'amount', header: 'Amount', numeric: true, nowrap: true, cell: (r) => formatMoney(r.amount, r.currency) },
    {
      key: 'expiry',
      header: 'Access Expiry',
      cell: (r) => (
        <div className="person-cell">
          <span className="nowrap">
            <span className="visually-hidden">From </span>
            {r.expiresBefore ? formatDate(r.expiresBefore) : 'none'}
            <span aria-hidden> →</span>
          </span>
          <span className="table-strong nowrap">
            <span className="visually-hidden">to </span>
            {formatDate(r.expiresAfter)}
          </span>
        </div>
      ),
    },
  ];

  return (
    <Card
      flush
      className="stacked-table-card"
      title="Ledger"
      titleId="ledger-title"
      description="Every card payment and prepaid code redemption, newest first, with the access expiry before and after it."
    >
      <Table label="Ledger" columns={columns} rows={rows} rowKey={(r) => r.transactionId} empty="No payments or redemptions yet." />
      {ledger.hasNextPage && (
        <div className="billing-more">
          <Button variant="secondary" busy={ledger.isFetchingNextPage} onClick={() => void ledger.fetchNextPage()}>
            Show Older Entries
          </Button>
        </div>
      )}
    </Card>
  );
}

function Reference({ row, masked }: { row: TLedgerEntry; masked: Map<string, string> }) {
  if (row.kind === 'prepaid') {
    const code = row.codeId ? masked.get(row.codeId) : undefined;
    // The last four characters are all the masked code tells; the full mask would only widen the table.
    return code ? (
      <span className="text-sm nowrap" title={code}>
        Code ending <code className="billing-masked">{code.slice(-4)}</code>
      </span>
    ) : (
      <span className="muted text-sm">Prepaid code</span>
    );
  }
  const ids = [...new Set([row.providerTransactionId, row.paymentIntentId].filter((v): v is string => !!v))];
  if (ids.length === 0) return <span className="muted">—</span>;
  return (
    <span className="person-cell">
      {ids.map((id) => (
        <code key={id} className="billing-id break-anywhere">
          {id}
        </code>
      ))}
    </span>
  );
}
