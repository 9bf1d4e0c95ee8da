import 'package:meta/meta.dart';

mixin Walker on Animal {
  void walk() => print('${name} walks {');
}

base mixin Swimmer {}

abstract mixin class Flyer {}

extension Named<T> on List<T> {
  T get head => first;
}

extension on String {
  int get size => length;
}

@immutable
extension type const Id._(int value) implements int {}

extension type Meters(double v) {}

final mixin = 1;
final extension = 'dart';
