/** Where "My valuations" (features/valuation) is mounted in the seller area. */
import { MyValuations } from './my-valuations';

export function ValuationsSlot() {
  return <MyValuations />;
}
