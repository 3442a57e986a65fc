import { useSearchParams } from 'react-router';
import { PartyPopper } from 'lucide-react';
import { INTAKE_MSG, ROUTES, ZIdSchema } from '@rostrum/contract';
import { ButtonLink } from '../../components/button';

/**
 * /thanks?recordingId=: the thanks page free-trial users reach after a URL upload (001 section 2)
 * when the operator set no external one (FREE_TRIAL_THANKS_URL). It links to the recording's
 * results, which show its processing state until they are ready.
 */
export function FreeTrialThanksPage() {
  const [params] = useSearchParams();
  const id = ZIdSchema.safeParse(params.get('recordingId'));
  return (
    <div className="page page--narrow">
      <div className="card card--elevated">
        <div className="card__body stack center" style={{ alignItems: 'center' }}>
          <div className="icon-tile auth-card__icon">
            <PartyPopper size={26} aria-hidden />
          </div>
          <h1>{INTAKE_MSG.freeTrialThanksTitle}</h1>
          <p className="muted">{INTAKE_MSG.freeTrialThanksText}</p>
          <div className="row" style={{ justifyContent: 'center' }}>
            {id.success && (
              <ButtonLink to={`/evaluate/${id.data}`} variant="accent">
                See your results
              </ButtonLink>
            )}
            <ButtonLink to={ROUTES.record.path} variant="secondary">
              Add another recording
            </ButtonLink>
          </div>
        </div>
      </div>
    </div>
  );
}
