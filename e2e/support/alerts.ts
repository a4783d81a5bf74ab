/**
 * What the alert journeys share: a customer nobody else uses, made through the e2e shop's embedded back end,
 * signing in as them through the sign-in form (from wherever sign-in was asked, so it can send them back),
 * and a product whose price alert measures its plain price.
 */
import type { Page } from '@playwright/test';
import { productPages, type Product } from './catalogue.ts';
import { MAGENTO_URL } from './ports.ts';
import { expect } from './test.ts';

export interface Customer {
  readonly email: string;
  readonly password: string;
}

export async function newCustomer(label: string): Promise<Customer> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const customer = { email: `e2e-${label}-${tag}@example.com`, password: 'Scrub!Brush42' };
  const response = await fetch(`${MAGENTO_URL}/rest/V1/customers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      customer: { email: customer.email, firstname: 'Alex', lastname: 'Lert' },
      password: customer.password,
    }),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return customer;
}

/** Fills in the sign-in form the page is on and sends it. */
export async function signInHere(page: Page, customer: Customer): Promise<void> {
  await expect(page.locator(`astro-island[opts*='"name":"SignInForm"']:not([ssr])`)).toBeAttached();
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signIn(page: Page, customer: Customer): Promise<void> {
  await page.goto('/customer/sign-in');
  await signInHere(page, customer);
  await expect(page).toHaveURL('/customer');
}

/** A simple product with a page and a plain price (no sale, no quantity price), in stock or sold out. */
export const simpleProduct = (inStock: boolean): Product | undefined =>
  productPages().find(
    (product) =>
      product.typeId === 'simple' &&
      product.inStock === inStock &&
      product.priceInclVat !== null &&
      product.specialPrice === null &&
      product.tierPrices.length === 0,
  );
