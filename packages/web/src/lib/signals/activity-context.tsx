// Where a page component reports a shopper activity (issue 18). Components call `useActivitySender().send(...)`
// and never decide themselves whether it goes out: the sender the layout provides checks the shopper's consent,
// the store's ai/configuration and throttles identical calls. Outside that provider (unit renders), nothing is
// sent.
import { createContext, useContext } from 'react';
import type { ShopperActivity, ShopperActivityPayloads } from '@store/core';

export interface ActivitySender {
  send<A extends ShopperActivity>(activity: A, payload: ShopperActivityPayloads[A]): void;
}

const SENDS_NOTHING: ActivitySender = { send() {} };

export const ActivitySenderContext = createContext<ActivitySender>(SENDS_NOTHING);

export const useActivitySender = (): ActivitySender => useContext(ActivitySenderContext);
