// Word lists for realistic-looking accounts. Some names carry accents and apostrophes on purpose:
// clients must show service strings as text, whatever characters they hold.

export const GIVEN_NAMES = [
  'Alice',
  'Bruno',
  'Chloé',
  'Dmitri',
  'Eva',
  'Farid',
  'Greta',
  'Hiroshi',
  'Ines',
  'Jonas',
  'Kateřina',
  'Liam',
  'María',
  'Noah',
  'Olga',
  'Paweł',
  'Quinn',
  'Rosa',
  'Søren',
  'Tomás',
] as const;

export const FAMILY_NAMES = [
  'Andersen',
  'Bianchi',
  'Costa',
  'Dubois',
  "D'Amico",
  'Fischer',
  'García',
  'Haddad',
  'Ivanova',
  'Jansen',
  'Kowalski',
  'Lindqvist',
  'Müller',
  'Nakamura',
  "O'Brien",
  'Petrov',
  'Rossi',
  'Schmidt',
] as const;

export const STREETS = [
  'Baker Street',
  'Rue de Rivoli',
  'Hauptstraße',
  'Calle Mayor',
  'Via Roma',
  'Main Street',
  'Kungsgatan',
  'Prinsengracht',
  'Ulica Długa',
  'Elm Avenue',
] as const;

/** City, postal code and country, kept together so an address stays plausible. */
export const CITIES = [
  { city: 'London', postcode: 'NW1 6XE', country: 'United Kingdom' },
  { city: 'Paris', postcode: '75001', country: 'France' },
  { city: 'Berlin', postcode: '10115', country: 'Germany' },
  { city: 'Madrid', postcode: '28013', country: 'Spain' },
  { city: 'Rome', postcode: '00185', country: 'Italy' },
  { city: 'Springfield', postcode: 'IL 62701', country: 'United States' },
  { city: 'Stockholm', postcode: '111 52', country: 'Sweden' },
  { city: 'Amsterdam', postcode: '1015 DV', country: 'Netherlands' },
  { city: 'Gdańsk', postcode: '80-831', country: 'Poland' },
  { city: 'Toronto', postcode: 'M5H 2N2', country: 'Canada' },
] as const;

export const PLAN_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'NL', 'ES', 'IT', 'JP', 'CA', 'BR'] as const;

/** plan_ip_class has no documented meaning; we use the IP version the plan hands out. */
export const PLAN_PRODUCTS = [
  { name: 'Residential', ipClass: 4 },
  { name: 'Datacenter', ipClass: 4 },
  { name: 'ISP', ipClass: 4 },
  { name: 'Mobile', ipClass: 4 },
  { name: 'Datacenter IPv6', ipClass: 6 },
] as const;

/** Plan sizes a provider would sell; a plan's proxy_limit is one of these. */
export const PLAN_SIZES = [1, 5, 10, 25, 50, 100, 250, 500, 1000] as const;

export const ROTATE_INTERVALS_SECONDS = [60, 300, 300, 600, 900, 1800, 3600] as const;

/** Characters that must be percent-encoded in a proxy URL's userinfo. */
export const URL_UNSAFE_PASSWORD_CHARACTERS = '@:/%#?&+=';
