import { useState, type FormEvent } from 'react';
import { Ticket } from 'lucide-react';
import { ZInviteCodeSchema } from '@rostrum/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/text-field';
import type { TViewer } from '../../app/viewer';
import { useJoinGroup } from '../join/use-join-group';

/** 'Join a group' with an invite code (POST groups/join, the confirm-code outcomes). */
export function JoinGroupCard({ viewer }: { viewer: TViewer }) {
  const { vocab } = viewer;
  const join = useJoinGroup(viewer.org.type);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZInviteCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    join.mutate(parsed.data);
  };

  return (
    <Card
      title={`Join a ${vocab.word('group')}`}
      description={`Have an invite code from your ${vocab.word('coach')} or administrator? Enter it to join.`}
      titleId="join-title"
    >
      <form className="join-form" onSubmit={onSubmit} noValidate>
        <TextField label="Invite code" value={code} onValueChange={setCode} error={error} autoComplete="off" spellCheck={false} mono />
        <Button type="submit" busy={join.isPending} icon={<Ticket size={16} aria-hidden />}>
          Join
        </Button>
      </form>
    </Card>
  );
}
