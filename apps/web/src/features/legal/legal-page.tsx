import { AlertTriangle } from 'lucide-react';
import { LEGAL_TITLES, type TLegalDocument } from '@rostrum/contract';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/spinner';
import { SafeMarkdown } from './safe-markdown';
import { useLegalText } from './legal.queries';
import './legal.css';

/** /terms and /privacy: the operator's text (or the default), public, rendered as safe markdown. */
function LegalPage({ document }: { document: TLegalDocument }) {
  const text = useLegalText(document);
  return (
    <div className="page page--narrow legal-page">
      <h1>{LEGAL_TITLES[document]}</h1>
      {text.isPending ? (
        <LoadingState />
      ) : text.isError ? (
        <EmptyState icon={<AlertTriangle aria-hidden />} title={`The ${LEGAL_TITLES[document]} could not be loaded`}>
          <p>{text.error.message}</p>
          <Button variant="secondary" onClick={() => void text.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : (
        <article className="legal-text" data-testid="legal-text" data-default={text.data.isDefault || undefined}>
          <SafeMarkdown markdown={text.data.markdown} />
        </article>
      )}
    </div>
  );
}

export function TermsPage() {
  return <LegalPage document="terms" />;
}

export function PrivacyPage() {
  return <LegalPage document="privacy" />;
}
