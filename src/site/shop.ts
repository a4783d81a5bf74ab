/** The shop's identity the pages of a build show: handed over for a warm run, else the render plan's. */
import type { ShopInfo } from '../config/shop.ts';
import { handedOff } from './handoff.ts';
import { shop } from 'virtual:render-plan';

export const siteShop = (): ShopInfo => handedOff()?.shop ?? shop;
