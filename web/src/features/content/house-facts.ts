/** The figures the help pages quote, read from the API so they always match the checkout and the product rules. */
import type { HouseSettings, ShippingInfo } from '../../api/contract';
import { get } from '../../api/http';

export type { HouseFees, ShippingInfo } from '../../api/contract';

export const fetchShippingInfo = () => get<ShippingInfo>('/api/shipping_info/');
export const fetchHouseFees = async () => (await get<Pick<HouseSettings, 'fees'>>('/api/auction_settings/')).fees;
