/** The account decider: dispatch only. */
import { assertNever, type Decider } from '../shared/decider';
import type { AccountCommand } from './commands';
import type { AccountEvent } from './events';
import { evolveAccount, initialAccountState, type AccountState } from './state';
import { registerUser } from './register-user';
import { linkSocialIdentity } from './social';
import { updateProfile } from './update-profile';
import { changePassword, recordRegistrationFeePaid, rehashPassword, setAuditor, setStaff, subscribeNewsletter, verifyEmail } from './account-changes';

function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'VerifyEmail':
      return verifyEmail(command, state);
    case 'ChangePassword':
      return changePassword(command, state);
    case 'RehashPassword':
      return rehashPassword(command, state);
    case 'UpdateProfile':
      return updateProfile(command, state);
    case 'SubscribeNewsletter':
      return subscribeNewsletter(command, state);
    case 'RecordRegistrationFeePaid':
      return recordRegistrationFeePaid(command, state);
    case 'SetStaff':
      return setStaff(command, state);
    case 'SetAuditor':
      return setAuditor(command, state);
    case 'LinkSocialIdentity':
      return linkSocialIdentity(command, state);
    default:
      return assertNever(command);
  }
}

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: decideAccount,
};

/** Decides several commands in a row on one new account (e.g. register + verify + staff for scripts). */
export function decideAll(commands: AccountCommand[], state: AccountState = initialAccountState): AccountEvent[] {
  const events: AccountEvent[] = [];
  for (const command of commands) {
    const produced = decideAccount(command, state);
    state = produced.reduce(evolveAccount, state);
    events.push(...produced);
  }
  return events;
}
