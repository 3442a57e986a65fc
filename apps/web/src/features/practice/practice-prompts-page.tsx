import { ROUTES } from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/spinner';
import { PromptLibrary } from './prompt-library';
import { usePracticePrompts } from './practice.queries';

/** /practice: the organisation's practice prompts; each one opens the record page with it chosen. */
export function PracticePromptsPage() {
  const prompts = usePracticePrompts();
  return (
    <div className="page">
      <PageHeader
        eyebrow="Practice"
        title="Practice prompts"
        lead="Pick something to talk about. Each prompt says what to cover and how long to aim for, and every take of it is numbered, so you can compare one with the next."
        actions={
          // The server's ability, not a role check here: it decides who edits the prompts.
          prompts.data?.abilities.canEdit ? (
            <ButtonLink to={ROUTES.customerAdminPracticePrompts.path} variant="secondary">
              Edit prompts
            </ButtonLink>
          ) : undefined
        }
      />
      {prompts.isPending ? (
        <LoadingState />
      ) : prompts.isError ? (
        <Banner inline kind="error" title="The prompts could not be loaded" text="Please reload the page." />
      ) : (
        <PromptLibrary prompts={prompts.data.prompts} headingLevel={2} />
      )}
    </div>
  );
}
