/** The address-book decider: dispatch only. */
import { assertNever, type Decider } from '../shared/decider';
import type { AddressCommand } from './commands';
import type { AddressEvent } from './events';
import { evolveAddressBook, initialAddressBookState, type AddressBookState } from './state';
import { addAddress, changeAddress, removeAddress } from './change-addresses';

function decideAddressBook(command: AddressCommand, state: AddressBookState): AddressEvent[] {
  switch (command.type) {
    case 'AddAddress':
      return addAddress(command, state);
    case 'ChangeAddress':
      return changeAddress(command, state);
    case 'RemoveAddress':
      return removeAddress(command, state);
    default:
      return assertNever(command);
  }
}

export const addressBookDecider: Decider<AddressBookState, AddressCommand, AddressEvent> = {
  initialState: initialAddressBookState,
  evolve: evolveAddressBook,
  decide: decideAddressBook,
};
