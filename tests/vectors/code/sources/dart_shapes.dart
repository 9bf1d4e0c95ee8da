import 'package:meta/meta.dart';

@immutable
abstract class Shape {
  const Shape();
  String describe() => 'shape ${name + '}'} $name';
  String get name;
  /* nested /* } */ comment */
}

mixin class Walker {}

final class Circle extends Shape with Walker {
  final double r;
  const Circle(this.r);
  @override
  String get name => r'}';
}

class Alias = Circle with Walker;
