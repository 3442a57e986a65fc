import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSavePracticePromptBody } from '@rostrum/contract';
import { queryKeys } from '../../api/rostrum-api';
import { withId } from '../../api/http-client';
import { operations } from '../../api/operations.gen';

/** The organisation's practice prompts offered to speakers (GET practice-prompts). */
export function usePracticePrompts(enabled = true) {
  return useQuery({
    queryKey: queryKeys.practicePrompts,
    queryFn: () => operations.listPracticePrompts({ params: { query: {} } }),
    enabled,
    // The library changes when an admin edits it, not while a speaker practises.
    staleTime: 5 * 60_000,
  });
}

/** The admin screen's list: hidden prompts too. */
export function useAllPracticePrompts() {
  return useQuery({
    queryKey: queryKeys.practicePromptsWithHidden,
    queryFn: () => operations.listPracticePrompts({ params: { query: { includeHidden: 'true' } } }),
  });
}

/** Add (no id) or change a prompt; every prompt list loads again. */
export function useSavePracticePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ promptId, body }: { promptId?: string; body: TSavePracticePromptBody }) =>
      promptId ? operations.updatePracticePrompt({ ...withId(promptId), body }) : operations.createPracticePrompt({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.practicePrompts }),
  });
}

export function useDeletePracticePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promptId: string) => operations.deletePracticePrompt(withId(promptId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.practicePrompts }),
  });
}
