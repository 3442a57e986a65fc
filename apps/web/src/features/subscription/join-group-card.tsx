import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Ticket } from 'lucide-react';
import { ZJoinGroupBodySchema, type TJoinGroupBody } from '@rostrum/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { bindField } from '../../components/field-binding';
import { TextField } from '../../components/text-field';
import type { TViewer } from '../../app/viewer';
import { useJoinGroup } from '../join/use-join-group';
import './join-group-card.css';

/** 'Join a group' with an invite code (POST groups/join, the confirm-code outcomes). */
export function JoinGroupCard({ viewer }: { viewer: TViewer }) {
  const { vocab } = viewer;
  const join = useJoinGroup(viewer.org.type);
  const form = useForm<TJoinGroupBody>({
    resolver: zodResolver(ZJoinGroupBodySchema),
    defaultValues: { inviteCode: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The message shows under the field; the focus stays where it was.
    shouldFocusError: false,
  });
  const onSubmit = form.handleSubmit(({ inviteCode }) => join.mutate(inviteCode));

  return (
    <Card
      title={`Join a ${vocab.word('group')}`}
      description={`Have an invite code from your ${vocab.word('coach')} or administrator? Enter it to join.`}
      titleId="join-title"
    >
      <form className="join-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Controller
          control={form.control}
          name="inviteCode"
          render={(c) => <TextField label="Invite code" {...bindField(c)} autoComplete="off" spellCheck={false} mono />}
        />
        <Button type="submit" busy={join.isPending} icon={<Ticket size={16} aria-hidden />}>
          Join
        </Button>
      </form>
    </Card>
  );
}
